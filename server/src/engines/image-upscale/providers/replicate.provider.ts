import sharp from 'sharp';
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
      const image = await runPrediction(
        config,
        {
          version: config.version ?? REAL_ESRGAN_VERSION,
          image: input.image,
          input: (url) => ({ image: url, scale: input.scale, face_enhance: false }),
          message: 'Upscaling in the cloud',
        },
        ctx,
      );
      const out = await sharp(image).metadata();
      const expected = [input.image.width * input.scale, input.image.height * input.scale];
      if (out.width !== expected[0] || out.height !== expected[1]) {
        throw new Error(
          `replicate returned ${out.width}x${out.height}, expected ${expected[0]}x${expected[1]}`,
        );
      }
      ctx.progress(1);
      return { image: await sharp(image).png().toBuffer(), mime: 'image/png' };
    },
  };
}
