import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image';
import { completeHole, type CompletionOptions } from './completion';
import { cropFloat, cropMask, pasteHole, toFloat, type FloatImage } from './float-image';
import {
  connectedComponents,
  countMask,
  dilate,
  componentDepths,
  expandBox,
  featherWeights,
  mergeBoxes,
  type Bitmap,
} from './mask';
import { harmonicFill } from './poisson';
import { teleaInpaint } from './telea';
import { growOverHalo, invertWatermark } from './watermark';

/**
 * The local inpainting pipeline on raw pixels (no I/O): validate the mask, grow and feather it, recover
 * translucent watermarks by inverting their blend, then fill what is left: thin parts by fast-marching
 * diffusion, thick parts by multi-scale PatchMatch completion in a context window around each region at
 * full resolution. Pixels outside the grown mask are copied from the input untouched.
 */
export interface InpaintOptions {
  kind: 'watermark' | 'object';
  /** Pixels added around the mask to catch edges and halos the brush missed (default 0: editor masks are generous). */
  grow?: number;
  /** Width of the blend ring outside the grown mask (default 1 for objects, 0 for watermarks, whose recovered pixels need no seam). */
  feather?: number;
  /** Parts whose half-thickness is at most this many pixels are filled by diffusion (default 4). */
  thinRadius?: number;
  seed?: number;
  /** Tuning of the exemplar fill, for the benchmark that measures what each step trades; not offered to users. */
  completion?: Pick<CompletionOptions, 'guideBlend' | 'detailGain' | 'detailCap'>;
  onProgress?: (fraction: number, message?: string) => void;
}

export interface InpaintStats {
  maskPixels: number;
  recoveredPixels: number;
  diffusedPixels: number;
  completedPixels: number;
  windows: number;
}

/** Below this many known pixels there is nothing to learn the fill from. */
const MIN_KNOWN_FRACTION = 0.05;

export function validateMask(mask: Bitmap, width: number, height: number): number {
  if (mask.length !== width * height) {
    throw new AppError('INVALID_MASK', 'The mask must have the same size as the image.');
  }
  const count = countMask(mask);
  if (count === 0) {
    throw new AppError(
      'INVALID_MASK',
      'The mask is empty: paint over the area you want to remove, then try again.',
    );
  }
  if (mask.length - count < MIN_KNOWN_FRACTION * mask.length) {
    throw new AppError(
      'INVALID_MASK',
      'The mask covers (nearly) the whole image, so there is nothing left to rebuild it from. Paint only over the part to remove.',
    );
  }
  return count;
}

export function inpaintImage(
  image: RawImage,
  mask: Bitmap,
  options: InpaintOptions,
): { image: RawImage; stats: InpaintStats } {
  const { width: w, height: h } = image;
  const maskPixels = validateMask(mask, w, h);
  const grow = options.grow ?? 0;
  const feather = options.feather ?? (options.kind === 'watermark' ? 0 : 1);
  const thinRadius = options.thinRadius ?? 4;
  const progress = options.onProgress ?? (() => {});
  const core = dilate(mask, w, h, grow);
  let region = dilate(core, w, h, feather);
  const weights = featherWeights(core, region, w, h, feather);
  const work = toFloat(image);
  const stats: InpaintStats = {
    maskPixels,
    recoveredPixels: 0,
    diffusedPixels: 0,
    completedPixels: 0,
    windows: 0,
  };

  let lost = region;
  if (options.kind === 'watermark' && image.channels >= 3) {
    let background: FloatImage = { ...work, data: work.data.slice() };
    teleaInpaint(background, region, 4);
    const grown = growOverHalo(work, region, background.data);
    if (grown !== region) {
      // The halo is part of the mark: filled or inverted with it, and written back in full.
      for (let i = 0; i < grown.length; i++) if (grown[i] && !region[i]) weights[i] = 1;
      region = grown;
      background = { ...work, data: work.data.slice() };
      teleaInpaint(background, region, 4);
    }
    const result = invertWatermark(work, region, background.data);
    lost = result.lost;
    stats.recoveredPixels = result.recovered;
    progress(0.15, 'watermark blend inverted');
  }

  const components = connectedComponents(lost, w, h);
  const { labels, count, boxes } = components;
  const depths = componentDepths(components, w);
  const thick = new Uint8Array(count + 1);
  for (let id = 1; id <= count; id++) thick[id] = depths[id] > thinRadius ? 1 : 0;
  const thin = new Uint8Array(w * h);
  const windows = [];
  for (let id = 1; id <= count; id++) {
    if (!thick[id]) continue;
    const b = boxes[id - 1];
    // Enough surroundings to find sources in, without scanning the whole photo for a small mark.
    const size = Math.max(b.x1 - b.x0, b.y1 - b.y0);
    const pad = Math.max(96, Math.round(Math.min(1.25 * size, 256 + 0.5 * size)));
    windows.push(expandBox(b, pad, w, h));
  }
  for (let i = 0; i < labels.length; i++) {
    if (!labels[i]) continue;
    if (thick[labels[i]]) stats.completedPixels++;
    else {
      thin[i] = 1;
      stats.diffusedPixels++;
    }
  }

  const groups = mergeBoxes(windows);
  stats.windows = groups.length;
  groups.forEach(({ box }, g) => {
    const crop = cropFloat(work, box.x0, box.y0, box.x1, box.y1);
    const hole = cropMask(lost, w, box.x0, box.y0, box.x1, box.y1);
    const avoid = cropMask(thin, w, box.x0, box.y0, box.x1, box.y1);
    for (let i = 0; i < hole.length; i++) if (avoid[i]) hole[i] = 0;
    completeHole(crop, hole, avoid, {
      ...options.completion,
      seed: (options.seed ?? 1) + g,
      onProgress: (f) => progress(0.2 + (0.7 * (g + f)) / groups.length, 'filling'),
    });
    pasteHole(work, crop, hole, box.x0, box.y0);
  });
  if (stats.diffusedPixels > 0) {
    // Fast marching gives a good start; relaxing it to the membrane solution removes its streaks.
    teleaInpaint(work, thin, 5);
    harmonicFill(work.data, thin, w, h, work.channels);
  }

  const out = image.data.slice();
  const c = image.channels;
  for (let i = 0; i < weights.length; i++) {
    const f = weights[i];
    if (f <= 0) continue;
    const o = i * c;
    for (let k = 0; k < c; k++) {
      const v = f * work.data[o + k] + (1 - f) * image.data[o + k];
      out[o + k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  progress(1, 'done');
  return { image: { data: out, width: w, height: h, channels: image.channels }, stats };
}
