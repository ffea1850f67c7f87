import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image/raw-image';
import { completeHole, type CompletionOptions } from './completion';
import { cropFloat, cropMask, pasteHole, toFloat, type FloatImage } from './float-image';
import {
  connectedComponents,
  countMask,
  dilate,
  componentDepths,
  expandBox,
  featherWeights,
  maskBounds,
  mergeBoxes,
  type Bitmap,
} from '../../lib/image/bitmap';
import { harmonicFill } from './poisson';
import { boxBlur } from './pyramid';
import { teleaInpaint } from './telea';
import { growOverHalo } from './halo';
import { chooseRecoveredOrFill } from './never-worse';
import { removeLeftoverMark } from './leftover-mark';
import { smoothOverOutline } from './outline-seams';
import { invertWatermark } from './watermark';
import { markSupport, unexplainedParts } from './mark-support';
import { invertedPhoto } from './inverted-photo';
import { combineWithLearned, type LearnedFill } from './learned-blend';
import { partsForCompletion } from './check-fill';
import { stepClock } from './step-clock';
import { matchInvertedGrain } from './inverted-grain';

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
  /** Watermarks: compare the result with the fill of the whole mask, region by region (default true; the benchmark turns it off to measure it). */
  neverWorse?: boolean;
  /** Watermarks: hold the inverted pixels' fine detail to the grain of the photo around (default true; inverted-grain.ts). */
  matchGrain?: boolean;
  /** Watermarks: fit the mark a second time against the photo seen through the first inversion (default true). */
  refit?: boolean;
  /** Watermarks: rebuild the result without steps along the mark's outline (default true). */
  outlineSeams?: boolean;
  /** Measure the CPU time of each step into `stats.stepCpuMs` (the benchmark's profile). */
  profile?: boolean;
  onProgress?: (fraction: number, message?: string) => void;
}

export interface InpaintStats {
  maskPixels: number;
  recoveredPixels: number;
  diffusedPixels: number;
  completedPixels: number;
  windows: number;
  /** Watermarks: pixels of the painted mask that the mark turned out not to cover (in parts inversion did not explain), kept as they were. */
  keptPixels?: number;
  /** Watermarks: regions where the fill of the whole mask was taken over the inverted blend. */
  regionsFilled?: number;
  /** Watermarks: regions where a share of the mark the inversion left (or took beyond it) was taken out. */
  regionsCorrected?: number;
  /** Filled pixels combined with the learned fill (learned-blend.ts). */
  learnedPixels?: number;
  /** With `profile`: CPU time of the process per step, in ms. */
  stepCpuMs?: Record<string, number>;
}

/** Below this many known pixels there is nothing to learn the fill from. */
const MIN_KNOWN_FRACTION = 0.05;

/**
 * What inpainting itself needs of a mask, which its provider checks before the work goes to another thread:
 * the image's size, and enough of the photo left to rebuild from. Whether anything is marked at all is checked
 * where a person's mask enters (lib/image/mask.ts); answers the marked pixels.
 */
export function checkFillable(mask: Bitmap, width: number, height: number): number {
  if (mask.length !== width * height) {
    throw new AppError('INVALID_MASK', 'The mask must have the same size as the image.');
  }
  const count = countMask(mask);
  if (mask.length - count < MIN_KNOWN_FRACTION * mask.length) {
    throw new AppError(
      'INVALID_MASK',
      'The mask covers (nearly) the whole image, so there is nothing left to rebuild it from. Paint only over the part to remove.',
    );
  }
  return count;
}

/**
 * checkFillable, and a mask with something marked: the model's own guard, for every caller (a detector's mask
 * too, which no person's check has seen), where a failure no longer reaches the person as it is.
 */
export function validateMask(mask: Bitmap, width: number, height: number): number {
  const count = checkFillable(mask, width, height);
  if (count === 0) {
    throw new AppError(
      'INVALID_MASK',
      'The mask is empty: paint over the area you want to remove, then try again.',
    );
  }
  return count;
}

export interface InpaintResult {
  image: RawImage;
  stats: InpaintStats;
}

/** The pipeline with every fill our own. */
export function inpaintImage(image: RawImage, mask: Bitmap, options: InpaintOptions): InpaintResult {
  const run = inpaintSteps(image, mask, options);
  let step = run.next();
  while (!step.done) step = run.next(null);
  return step.value;
}

/**
 * The pipeline as steps, for a learned fill to join in (inpaint-with-learned.ts): a watermark's removal yields
 * the pixels left to fill once the inversion and the split of painted boxes are done (the mark, without the
 * photo kept around it), and takes back a learned model's fill of exactly those (models/migan), or null.
 * The fill that judges the inversion (the never-worse check, the mark's split) stays our own.
 */
export function* inpaintSteps(
  image: RawImage,
  mask: Bitmap,
  options: InpaintOptions,
): Generator<Bitmap, InpaintResult, LearnedFill | null> {
  const { width: w, height: h } = image;
  const maskPixels = validateMask(mask, w, h);
  const grow = options.grow ?? 0;
  const feather = options.feather ?? (options.kind === 'watermark' ? 0 : 1);
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
  const step = stepClock(options.profile ? (stats.stepCpuMs = {}) : null);

  let lost = region;
  let inverted: { alpha: Float32Array; marked: Float32Array } | null = null;
  /** Watermarks: mask pixels found to be photo, not mark, and kept as they were. */
  let kept: Uint8Array | null = null;
  /** Watermarks: the fill of the whole mask, once something was inverted. */
  let filled: FloatImage | null = null;
  /** The parts of the mask `filled` filled by completion (the rest by diffusion). */
  let patchFilled: Uint8Array | null = null;
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
    step('background');
    const marked = work.data.slice();
    /** Pixels a fit inverted that turned out to be photo: handed back, and not counted as explained. */
    let handedBack: Uint8Array | null = null;
    const refit = options.refit !== false;
    let result = invertWatermark(work, region, background.data, !refit);
    if (result.recovered > 0 && refit) {
      // A second look: the photo seen through the first inversion, smoothed, is a better guess of what is
      // behind the mark than diffusion from outside it, which knows nothing of the structure it crosses.
      const guess = work.data.slice();
      const c = work.channels;
      for (let i = 0; i < region.length; i++)
        if (result.lost[i]) for (let k = 0; k < c; k++) guess[i * c + k] = background.data[i * c + k];
      const box = maskBounds(region, w, h);
      if (box) boxBlur(guess, w, h, c, 3, expandBox(box, 4, w, h));
      work.data.set(marked);
      result = invertWatermark(work, region, guess);
    }
    lost = result.lost;
    step('invert');
    if (result.recovered > 0) {
      // The whole mask filled: an estimate of the photo that never saw the mark, for telling the photo a fit
      // inverted from the mark, and later the fallback of the never-worse check (check-fill.ts).
      filled = { ...work, data: marked.slice() };
      patchFilled = partsForCompletion(region, result.alpha, w, h);
      fillForCheck(filled, region, patchFilled, options, stats, (f) =>
        progress(0.05 + 0.1 * f, 'checking the inversion'),
      );
      step('checkFill');
      handedBack = invertedPhoto(region, marked, work.data, filled.data, result.alpha, w, h, work.channels);
      for (let i = 0; i < handedBack.length; i++) {
        if (!handedBack[i]) continue;
        result.alpha[i] = 0;
        result.recovered--;
        putBack(work, marked, i);
      }
      step('invertedPhoto');
    }
    // Parts inversion did not explain: filled, but only where the mark is, not the whole painted area.
    const reusable = filled && patchFilled ? { image: filled, covers: patchFilled } : null;
    const photo = keepPhotoInLostParts(
      work,
      marked,
      region,
      lost,
      handedBack,
      result.alpha,
      options,
      reusable,
    );
    kept = photo.kept;
    stats.keptPixels = countMask(kept);
    stats.recoveredPixels = result.recovered - photo.givenUp;
    if (stats.recoveredPixels + stats.keptPixels > 0) inverted = { alpha: result.alpha, marked };
    progress(0.15, 'watermark blend inverted');
    step('split');
  }

  // Only the parts of the mask where something was inverted are checked and smoothed: elsewhere the photo
  // was kept around a filled mark, or the whole part was filled, and there is no inversion to judge.
  const invertedParts = inverted ? partsWithInversion(region, inverted.alpha, w, h) : null;
  const check = options.neverWorse !== false && invertedParts?.includes(1) ? inverted : null;
  const learned = options.kind === 'watermark' && lost.includes(1) ? yield lost : null;
  step('learned');
  fillLost(work, lost, options, stats, (f) => progress(0.2 + 0.75 * f, 'filling'), learned);
  step('fill');
  if (inverted && invertedParts && options.outlineSeams !== false) {
    // The pixels kept as they were are the photo: fixed, like the pixels outside the mask.
    const rebuilt = invertedParts.slice();
    if (kept) for (let i = 0; i < rebuilt.length; i++) if (kept[i]) rebuilt[i] = 0;
    smoothOverOutline(work, rebuilt, inverted.alpha);
    step('outline');
  }
  if (check && invertedParts && filled) {
    // Never worse than the fill: the whole mask filled as an object is, region by region, the fallback.
    // What the inversion left of the mark (or took beyond it), judged against the same fill, is taken out first.
    stats.regionsCorrected = removeLeftoverMark(work, filled, check.marked, invertedParts, check.alpha);
    step('ghost');
    const choice = chooseRecoveredOrFill(work, filled, check.marked, invertedParts, check.alpha);
    stats.regionsFilled = choice.regionsFilled;
    for (let i = 0; i < invertedParts.length; i++) {
      const f = choice.fillWeight[i];
      if (f <= 0) continue;
      for (let k = 0; k < work.channels; k++) {
        const o = i * work.channels + k;
        work.data[o] = f * filled.data[o] + (1 - f) * work.data[o];
      }
    }
  }

  // Last: the noise the inversion multiplied by 1 / (1 - a) must not stand out as a speckled copy of the mark.
  if (inverted && options.matchGrain !== false) matchInvertedGrain(work, region, lost, inverted.alpha);

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
  step('neverWorse');
  progress(1, 'done');
  return { image: { data: out, width: w, height: h, channels: image.channels }, stats };
}

/**
 * The fill of the whole mask that judges the inversion (an estimate of the photo that never saw the mark) and
 * is the never-worse check's fallback. Where the inversion explained most of a part, it only judges and stands
 * by, and diffusion (Telea's fast marching relaxed to the membrane, as OpenCV's fills) does: on a detailed photo
 * a smooth fill is the safer fallback, and a 2 MP tiled mark's completion took 4 s of CPU. The parts mostly
 * lost (`byCompletion`) are filled by completion: there the split of photo from mark needs the photo's texture.
 */
function fillForCheck(
  filled: FloatImage,
  region: Bitmap,
  byCompletion: Uint8Array,
  options: InpaintOptions,
  stats: InpaintStats,
  progress: (fraction: number) => void,
): void {
  const { width: w, height: h, channels: c } = filled;
  const smooth = region.slice();
  for (let i = 0; i < smooth.length; i++) if (byCompletion[i]) smooth[i] = 0;
  if (byCompletion.includes(1)) fillLost(filled, byCompletion, options, { ...stats }, progress, null);
  if (smooth.includes(1)) {
    teleaInpaint(filled, smooth, 5);
    harmonicFill(filled.data, smooth, w, h, c);
  }
}

/** The connected parts of `region` that hold at least one pixel inverted (opacity strictly between 0 and 1). */
function partsWithInversion(region: Bitmap, alpha: Float32Array, w: number, h: number): Uint8Array {
  const { labels, count } = connectedComponents(region, w, h);
  const inverted = new Uint8Array(count + 1);
  for (let i = 0; i < region.length; i++)
    if (region[i] && alpha[i] > 0 && alpha[i] < 1) inverted[labels[i]] = 1;
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < region.length; i++) parts[i] = region[i] && inverted[labels[i]] ? 1 : 0;
  return parts;
}

/**
 * In the parts of the mask that inversion did not explain (every pixel lost, or most lost and few
 * inverted; the `photo` a fit inverted, already handed back, counts as lost here), finds the mark
 * (`mark-support.ts`, against the fill of those parts) and hands the rest back as photo: not lost, nothing
 * inverted (`alpha` 0), the input's pixels kept. The mark is left lost, to be filled. Returns the kept
 * pixels and how many inverted pixels were given up. `wholeFill`: the fill of the whole mask, when there is one,
 * and the parts of it that completion filled.
 */
function keepPhotoInLostParts(
  work: FloatImage,
  marked: Float32Array,
  region: Bitmap,
  lost: Uint8Array,
  photo: Uint8Array | null,
  alpha: Float32Array,
  options: InpaintOptions,
  wholeFill: { image: FloatImage; covers: Uint8Array } | null,
): { kept: Uint8Array; givenUp: number } {
  const { width: w, height: h, channels: c } = work;
  const kept = new Uint8Array(w * h);
  const parts = unexplainedParts(region, lost, photo, alpha, w, h);
  let any = false;
  let givenUp = 0;
  for (let i = 0; i < region.length; i++) {
    if (!parts[i]) continue;
    any = true;
    if (lost[i]) continue;
    if (alpha[i] > 0) givenUp++;
    lost[i] = 1;
    alpha[i] = 1;
    putBack(work, marked, i);
  }
  if (!any) return { kept, givenUp };
  // The parts are whole parts of the mask, so the fill of the whole mask, where completion made it, is theirs.
  let filled = wholeFill && parts.every((p, i) => !p || wholeFill.covers[i]) ? wholeFill.image : null;
  if (!filled) {
    filled = { ...work, data: marked.slice() };
    const scratch = { maskPixels: 0, recoveredPixels: 0, diffusedPixels: 0, completedPixels: 0, windows: 0 };
    fillLost(filled, parts, options, scratch, () => {}, null);
  }
  const mark = markSupport(parts, marked, filled.data, w, h, c, region);
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i] || mark[i]) continue;
    lost[i] = 0;
    alpha[i] = 0;
    putBack(work, marked, i);
    kept[i] = 1;
  }
  return { kept, givenUp };
}

/** Pixel `i` of `work` as it was in the input (`marked`). */
function putBack(work: FloatImage, marked: Float32Array, i: number): void {
  const c = work.channels;
  for (let k = 0; k < c; k++) work.data[i * c + k] = marked[i * c + k];
}

/**
 * Fills the `lost` pixels of `work` in place, per connected part: diffusion for thin parts, PatchMatch
 * completion in a context window for the rest; then, given a learned fill, each takes what it lacks from it.
 */
function fillLost(
  work: FloatImage,
  lost: Bitmap,
  options: InpaintOptions,
  stats: InpaintStats,
  progress: (fraction: number) => void,
  learned: LearnedFill | null,
): void {
  const { width: w, height: h } = work;
  const thinRadius = options.thinRadius ?? 4;
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
  let completed = 0;
  let diffused = 0;
  for (let i = 0; i < labels.length; i++) {
    if (!labels[i]) continue;
    if (thick[labels[i]]) completed++;
    else {
      thin[i] = 1;
      diffused++;
    }
  }
  stats.completedPixels = completed;
  stats.diffusedPixels = diffused;

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
      onProgress: (f) => progress((g + f) / groups.length),
    });
    pasteHole(work, crop, hole, box.x0, box.y0);
  });
  if (diffused > 0) {
    // Fast marching gives a good start; relaxing it to the membrane solution removes its streaks.
    teleaInpaint(work, thin, 5);
    harmonicFill(work.data, thin, w, h, work.channels);
  }
  if (learned) stats.learnedPixels = combineWithLearned(work, lost, learned);
}
