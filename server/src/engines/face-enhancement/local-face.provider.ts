import type { WorkerPool } from '../../inference/pool';
import { checkOutputSize } from '../image-upscale/output-limit';
import type { Provider, ProviderResult, RunContext } from '../types';
import { enhancePhoto } from './enhance-photo';
import { NO_FACE_NOTE, type FaceEnhancementInput } from './face-enhancement.options';

export interface LocalFaceConfig {
  pool: () => WorkerPool;
}

/** Faces found and retouched, the photo restored and enlarged 2x, all on this machine's CPU. */
export function createLocalFaceProvider(config: LocalFaceConfig): Provider<FaceEnhancementInput> {
  return {
    id: 'local-face',
    kind: 'local',
    isConfigured: () => true,
    async run(input: FaceEnhancementInput, ctx: RunContext): Promise<ProviderResult> {
      const { image } = input;
      checkOutputSize(image.width, image.height, 2, input.maxOutputPixels);
      const result = await enhancePhoto(
        image,
        { strength: input.strength, skinSmoothing: input.skinSmoothing },
        { pool: config.pool(), signal: ctx.signal, progress: ctx.progress },
      );
      ctx.log.info(
        { faces: result.faces.length, retouched: result.retouched, ...result.restore },
        'face enhancement',
      );
      return result.faces.length ? { image: result.image } : { image: result.image, note: NO_FACE_NOTE };
    },
  };
}
