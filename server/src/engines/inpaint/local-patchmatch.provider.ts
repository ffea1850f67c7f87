import { checkFillable } from '../../models/inpaint/inpaint.model';
import type { WorkerPool } from '../../inference/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import type { InpaintInput } from './inpaint.input';

/**
 * The local provider: our own inpainting pipeline (blend inversion for translucent watermarks,
 * diffusion for thin strokes, PatchMatch completion for the rest) combined with MI-GAN's learned fill
 * (models/inpaint/inpaint-with-learned.ts), run in the worker pool.
 */
export function createLocalPatchmatchProvider(deps: { pool: WorkerPool }): Provider<InpaintInput> {
  const pool = () => deps.pool;
  return {
    id: 'local-patchmatch',
    kind: 'local',
    isConfigured: () => true,
    async run(input: InpaintInput, ctx: RunContext): Promise<ProviderResult> {
      const { image, mask } = input;
      // Checked here, not in the worker, so the person gets the AppError and its message as they are.
      const maskPixels = checkFillable(mask.bits, image.width, image.height);
      ctx.log.debug({ width: image.width, height: image.height, maskPixels }, 'inpainting locally');
      // Copies of our own, so handing their memory to the worker cannot detach the caller's pixels.
      const data = new Uint8Array(image.data);
      const bits = new Uint8Array(mask.bits);
      const result = await pool().run(
        'inpaint',
        {
          data,
          width: image.width,
          height: image.height,
          channels: image.channels,
          mask: bits,
          options: {
            kind: input.kind,
            grow: input.grow,
            feather: input.feather,
            thinRadius: input.thinRadius,
            seed: input.seed,
          },
        },
        {
          transferList: [data.buffer, bits.buffer] as ArrayBuffer[],
          signal: ctx.signal,
          onProgress: (fraction, message) => ctx.progress(fraction, message),
        },
      );
      ctx.log.debug(result.stats, 'inpainting done');
      return { image: { ...image, data: result.data } };
    },
  };
}
