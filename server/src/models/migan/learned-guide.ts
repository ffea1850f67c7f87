/**
 * The learned fill the inpainting pipeline combines with its own (models/inpaint/learned-blend.ts): MI-GAN
 * over the mask grown as far as the pipeline may grow it, or none where it would cost more than it can give.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { InpaintOptions } from '../inpaint/inpaint.model';
import type { LearnedFill } from '../inpaint/learned-blend';
import { connectedComponents, dilate } from '../../lib/image/bitmap';
import { fillWindows, learnedFill } from './migan-fill';
import type { SquareFiller } from './migan.model';

/**
 * Watermarks: a mark spread over more windows than this (marks repeated across a large photo) is inverted,
 * not filled, and a model run per window would cost seconds for nothing.
 */
const MAX_WATERMARK_WINDOWS = 3;
/**
 * Parts of the mask smaller than this (dust spots, blemishes) keep our own fill: on the benchmark's tuning
 * kinds the learned fill made them worse (docs/lab/inpaint.md), and each would cost a run of the model.
 */
export const MIN_LEARNED_PART = 500;

export async function learnedFillFor(
  image: RawImage,
  mask: Uint8Array,
  options: Pick<InpaintOptions, 'kind' | 'grow'>,
  model: SquareFiller,
): Promise<LearnedFill | null> {
  if (image.channels < 3) return null;
  const { width: w, height: h } = image;
  const parts = largeParts(mask, w, h);
  if (!parts) return null;
  // Exactly what is removed (the mask and the pixels the pipeline grows it by): every pixel more that the
  // model must fill is photo beside the hole it no longer sees. The feather ring and a watermark's halo keep
  // our own fill.
  const covered = dilate(parts, w, h, options.grow ?? 0);
  if (options.kind === 'watermark' && fillWindows(covered, w, h).length > MAX_WATERMARK_WINDOWS) return null;
  // The engine takes the fill's structure and finest grain; refining large windows at full resolution
  // changed its figures hardly at all on the benchmark, for several more runs of the model.
  const { image: filled } = await learnedFill(image, covered, model, { refine: false, unknown: mask });
  return { data: filled.data, covered };
}

/** The mask's parts of at least MIN_LEARNED_PART pixels, or null when there are none. */
function largeParts(mask: Uint8Array, w: number, h: number): Uint8Array | null {
  const { labels, sizes } = connectedComponents(mask, w, h);
  const out = new Uint8Array(mask.length);
  let any = false;
  for (let i = 0; i < mask.length; i++)
    if (labels[i] && sizes[labels[i] - 1] >= MIN_LEARNED_PART) {
      out[i] = 1;
      any = true;
    }
  return any ? out : null;
}
