import { decodeAnswer } from '../../cloud-answer';
import { runPrediction, type ReplicateAccount } from '../../replicate-prediction';
import type { Provider, ProviderResult, RunContext } from '../../types';
import type { UpscaleInput } from '../upscale-options';

/** Real-ESRGAN on Replicate (nightmareai/real-esrgan): input `{ image, scale, face_enhance }`. */
export interface ReplicateConfig extends ReplicateAccount {
  /** Model version id of nightmareai/real-esrgan. */
  version?: string;
}

export const REAL_ESRGAN_VERSION = 'f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa';

export function createReplicateProvider(config: ReplicateConfig | undefined): Provider<UpscaleInput> {
  return {
    id: 'replicate-real-esrgan',
    kind: 'cloud',
    isConfigured: () => Boolean(config?.apiToken),
    async run(input: UpscaleInput, ctx: RunContext): Promise<ProviderResult> {
      if (!config?.apiToken) throw new Error('replicate is not configured');
      const bytes = await runPrediction(
        config,
        {
          version: config.version ?? REAL_ESRGAN_VERSION,
          image: input.image,
          input: (url) => ({ image: url, scale: input.scale, face_enhance: false }),
          message: 'Upscaling in the cloud',
        },
        ctx,
      );
      const { image: photo, scale } = input;
      const expected = { width: photo.width * scale, height: photo.height * scale };
      const image = await decodeAnswer(bytes, expected, 'replicate');
      ctx.progress(1);
      return { image };
    },
  };
}
