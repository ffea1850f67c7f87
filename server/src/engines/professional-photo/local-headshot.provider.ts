import type { WorkerPool } from '../../inference/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import { makeHeadshot } from './make-headshot';
import { SEVERAL_FACES_NOTE, type ProfessionalPhotoInput } from './professional-photo.options';

export interface LocalHeadshotConfig {
  pool: () => WorkerPool;
  /** Cache of the upscaler's converted models; default data/models. */
  modelDir?: string;
}

/** The headshot made on this machine's CPU: the person's own face, framed, lit and set on a backdrop. */
export function createLocalHeadshotProvider(config: LocalHeadshotConfig): Provider<ProfessionalPhotoInput> {
  return {
    id: 'local-headshot',
    kind: 'local',
    isConfigured: () => true,
    async run(input: ProfessionalPhotoInput, ctx: RunContext): Promise<ProviderResult> {
      const { image, ...options } = input;
      const result = await makeHeadshot(image, options, {
        pool: config.pool(),
        modelDir: config.modelDir,
        signal: ctx.signal,
        progress: ctx.progress,
      });
      ctx.log.info(
        {
          faces: result.faces.length,
          chosenBy: result.chosenBy,
          upscaled: result.upscaled,
          rollDegrees: Math.round((result.frame.roll * 1800) / Math.PI) / 10,
          ...result.light,
        },
        'professional headshot',
      );
      // A transparent input still gets an opaque headshot: the backdrop fills every pixel.
      const answer = { image: result.image };
      // A group framed by size says so; a person the point chose needs no note.
      const several = result.chosenBy === 'size' && result.candidates.length > 1;
      return several ? { ...answer, note: SEVERAL_FACES_NOTE } : answer;
    },
  };
}
