import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image/raw-image';
import type { Mask } from '../../lib/image/mask';
import type { ModeRunner } from '../mode-runner';

/** What a person is told when no watermark was found: no credit is spent, and painting still works. */
export const NO_WATERMARK_FOUND =
  'No watermark was found in this photo. Paint over it with the brush and try again.';

export type WatermarkFinder = (image: RawImage, signal?: AbortSignal) => Promise<Mask | null>;

/**
 * Watermark removal that finds the mark by itself when none was painted (the API without maskData, the
 * command line without --mask): the proposed mask is removed as a painted one would be, and the answer
 * says it was found. Nothing found fails the edit with NOTHING_TO_DO, so the credit comes back.
 */
export function findingWatermarks(runner: ModeRunner, findMask: WatermarkFinder): ModeRunner {
  return {
    ...runner,
    findMask,
    async run(request, ctx) {
      if (request.mask) return runner.run(request, ctx);
      ctx.progress(0.02, 'Looking for the watermark');
      const mask = await findMask(request.image, ctx.signal);
      if (!mask) throw new AppError('NOTHING_TO_DO', NO_WATERMARK_FOUND);
      const result = await runner.run({ ...request, mask }, ctx);
      const found = 'The watermark was found automatically.';
      return { ...result, note: result.note ? `${found} ${result.note}` : found };
    },
  };
}
