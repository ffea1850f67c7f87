import { validateMask } from '../../models/inpaint/inpaint.model';
import { sharedWorkerPool, type WorkerPool } from '../../workers/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import { decodeInpaintInput, encodeLike } from './inpaint-io';
import type { InpaintInput } from './inpaint.input';

/**
 * The local provider: our own inpainting pipeline (blend inversion for translucent watermarks,
 * diffusion for thin strokes, PatchMatch completion for the rest), run in the worker pool.
 */
export function createLocalPatchmatchProvider(
  deps: { pool?: () => WorkerPool } = {},
): Provider<InpaintInput> {
  const pool = deps.pool ?? sharedWorkerPool;
  return {
    id: 'local-patchmatch',
    kind: 'local',
    isConfigured: () => true,
    async run(input: InpaintInput, ctx: RunContext): Promise<ProviderResult> {
      const { image, mask, mime } = await decodeInpaintInput(input.image, input.mask);
      // Checked here, not in the worker, so the person gets the AppError and its message as they are.
      const maskPixels = validateMask(mask, image.width, image.height);
      ctx.log.debug({ width: image.width, height: image.height, maskPixels }, 'inpainting locally');
      const result = await pool().run(
        'inpaint',
        {
          data: image.data,
          width: image.width,
          height: image.height,
          channels: image.channels,
          mask,
          options: {
            kind: input.kind,
            grow: input.grow,
            feather: input.feather,
            thinRadius: input.thinRadius,
            seed: input.seed,
          },
        },
        {
          transferList: [image.data.buffer, mask.buffer] as ArrayBuffer[],
          signal: ctx.signal,
          onProgress: (fraction, message) => ctx.progress(fraction, message),
        },
      );
      ctx.log.debug(result.stats, 'inpainting done');
      const out = { ...image, data: result.data };
      return { image: await encodeLike(out, mime), mime };
    },
  };
}
