/**
 * The inpainting pipeline (inpaint.model.ts) with MI-GAN's fill as its guide (learned-blend.ts,
 * models/migan). Object removal starts the model's runs, fills with our own engine on this thread while the
 * model works on its own threads, and combines the two after; watermark removal needs the learned fill
 * before it fills (its never-worse check compares against the fill), so it waits for it first.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { learnedFillFor } from '../migan/learned-guide';
import type { SquareFiller } from '../migan/migan.model';
import { inpaintImage, inpaintSteps, type InpaintOptions, type InpaintStats } from './inpaint.model';
import { combineFinishedWithLearned } from './learned-blend';
import type { Bitmap } from '../../lib/image/bitmap';

/** `model` null: our own fill alone. */
export async function inpaintWithLearned(
  image: RawImage,
  mask: Bitmap,
  options: InpaintOptions,
  model: SquareFiller | null,
): Promise<{ image: RawImage; stats: InpaintStats }> {
  if (!model) return inpaintImage(image, mask, options);
  if (options.kind === 'watermark') {
    // The learned fill of exactly what is left to fill once the mark is inverted and the photo in a painted
    // box kept: the model sees that photo, instead of guessing the whole box.
    const run = inpaintSteps(image, mask, options);
    let step = run.next();
    while (!step.done) step = run.next(await learnedFillFor(image, step.value, { kind: 'watermark' }, model));
    return step.value;
  }
  const pending = learnedFillFor(image, mask, options, model);
  // A failed run is reported by the await below, not as an unhandled rejection while this thread is busy.
  pending.catch(() => undefined);
  // Let the runs reach the model (their first steps wait on microtasks) before this thread is taken.
  await new Promise((resolve) => setImmediate(resolve));
  const result = inpaintImage(image, mask, options);
  const learned = await pending;
  if (learned) {
    const feather = options.feather ?? 1;
    result.stats.learnedPixels = combineFinishedWithLearned(
      result.image,
      mask,
      options.grow ?? 0,
      feather,
      learned,
    );
  }
  return result;
}
