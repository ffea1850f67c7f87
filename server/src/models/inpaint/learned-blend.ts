/**
 * Combining our fill (exemplars, or diffusion in thin parts) with a learned one (MI-GAN, models/migan).
 * Measured on the learned-fill benchmark (docs/BENCHMARKS.md, docs/lab/inpaint.md): the learned fill gets the
 * layout and tone of a hole right more often (what continues behind the object), ours copies the photo's own
 * grain but is often too smooth (voting, diffusion). So the fill takes the learned fill's low frequencies,
 * keeps its own detail, and adds part of the learned fill's finest detail.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { toFloat, type FloatImage } from './float-image';
import { connectedComponents, dilate, expandBox, featherWeights, type Bitmap } from '../../lib/image/bitmap';
import { boxBlur } from './pyramid';

/**
 * Tuned on the learned-fill benchmark's tuning kinds (docs/lab/inpaint.md): the learned fill's structure above
 * this radius replaces ours...
 */
const LOW_RADIUS = 16;
/** ...and its detail below this radius is added at this gain: the least that brought the texture near the clean photo's. */
const DETAIL_RADIUS = 2;
const DETAIL_GAIN = 0.7;

/** A learned fill of the photo: its pixels (the input's channels) and where it filled. */
export interface LearnedFill {
  data: Uint8Array;
  /** 1 where `data` was filled by the model; elsewhere it is the input. */
  covered: Uint8Array;
}

/**
 * Our fill in `work` with the learned fill's layout and tone, and part of its grain, in the `lost` pixels the
 * learned fill covers; answers how many.
 */
export function combineWithLearned(work: FloatImage, lost: Bitmap, learned: LearnedFill): number {
  takeLearnedLowFrequencies(work, learned, lost, LOW_RADIUS);
  takeLearnedDetail(work, learned, lost, DETAIL_RADIUS, DETAIL_GAIN);
  let count = 0;
  for (let i = 0; i < lost.length; i++) if (lost[i] && learned.covered[i]) count++;
  return count;
}

/**
 * The same on a finished object removal (`result`, from the input `image`): the change is weighed by the
 * feather, as if it had been made before the fill was blended into the photo, so every pixel outside the
 * grown and feathered mask stays as it was.
 */
export function combineFinishedWithLearned(
  result: RawImage,
  mask: Bitmap,
  grow: number,
  feather: number,
  learned: LearnedFill,
): number {
  const { width: w, height: h, channels: c } = result;
  const core = dilate(mask, w, h, grow);
  const region = dilate(core, w, h, feather);
  const weights = featherWeights(core, region, w, h, feather);
  const work = toFloat(result);
  const count = combineWithLearned(work, region, learned);
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    for (let k = 0; k < 3; k++) {
      const o = i * c + k;
      const v = result.data[o] + weights[i] * (work.data[o] - result.data[o]);
      result.data[o] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return count;
}

/**
 * `work` += blur(`learned` - `work`) in `hole` (where the learned fill covers it): the learned fill's
 * structure at scales above `radius`, the exemplar fill's detail below. Colour channels only.
 */
export function takeLearnedLowFrequencies(
  work: FloatImage,
  learned: LearnedFill,
  hole: Bitmap,
  radius: number,
): void {
  const c = work.channels;
  forEachPart(work, learned, hole, 3 * radius + 2, (part) => {
    const { inside, index, bw, bh } = part;
    const diff = new Float32Array(bw * bh * 3);
    for (let j = 0; j < inside.length; j++) {
      if (!inside[j]) continue;
      const i = index(j);
      for (let k = 0; k < 3; k++) diff[j * 3 + k] = learned.data[i * c + k] - work.data[i * c + k];
    }
    // Three box passes: close to a Gaussian, and zero outside the hole, so the change fades at its edge.
    for (let pass = 0; pass < 3; pass++) boxBlur(diff, bw, bh, 3, radius, { x0: 0, y0: 0, x1: bw, y1: bh });
    addInside(work, diff, part);
  });
}

/**
 * `work` += `gain` * (`learned` - blur(`learned`)) in `hole`: the learned fill's detail finer than `radius`
 * over a smooth fill (diffusion), whose tone stays.
 */
export function takeLearnedDetail(
  work: FloatImage,
  learned: LearnedFill,
  hole: Bitmap,
  radius: number,
  gain = 1,
): void {
  const c = work.channels;
  forEachPart(work, learned, hole, 3 * radius + 2, (part) => {
    const { inside, index, bw, bh } = part;
    // The blur of the learned pixels inside the hole only (normalised by their own blurred weight): the step
    // between the learned fill and the photo at the hole's edge is not detail, and would draw its outline.
    const low = new Float32Array(bw * bh * 3);
    const weight = new Float32Array(bw * bh);
    for (let j = 0; j < bw * bh; j++) {
      if (!inside[j]) continue;
      const i = index(j);
      weight[j] = 1;
      for (let k = 0; k < 3; k++) low[j * 3 + k] = learned.data[i * c + k];
    }
    const all = { x0: 0, y0: 0, x1: bw, y1: bh };
    for (let pass = 0; pass < 3; pass++) {
      boxBlur(low, bw, bh, 3, radius, all);
      boxBlur(weight, bw, bh, 1, radius, all);
    }
    const detail = new Float32Array(bw * bh * 3);
    for (let j = 0; j < inside.length; j++) {
      if (!inside[j]) continue;
      const i = index(j);
      for (let k = 0; k < 3; k++)
        detail[j * 3 + k] = gain * (learned.data[i * c + k] - low[j * 3 + k] / weight[j]);
    }
    addInside(work, detail, part);
  });
}

/** One connected part of the hole, in a box of its own: which of the box's pixels to change, and where they are. */
interface Part {
  inside: Uint8Array;
  bw: number;
  bh: number;
  /** The image index of the box's pixel `j`. */
  index: (j: number) => number;
}

/**
 * Calls `fn` for each connected part of the hole's covered pixels, in its box grown by `pad`: work stays
 * proportional to the parts, not to the photo, when they are spread over it.
 */
function forEachPart(
  work: FloatImage,
  learned: LearnedFill,
  hole: Bitmap,
  pad: number,
  fn: (part: Part) => void,
): void {
  const { width: w, height: h } = work;
  const wanted = new Uint8Array(hole.length);
  for (let i = 0; i < hole.length; i++) wanted[i] = hole[i] && learned.covered[i] ? 1 : 0;
  const { labels, boxes } = connectedComponents(wanted, w, h);
  boxes.forEach((b, k) => {
    const box = expandBox(b, pad, w, h);
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const index = (j: number) => (box.y0 + Math.floor(j / bw)) * w + box.x0 + (j % bw);
    const inside = new Uint8Array(bw * bh);
    for (let j = 0; j < inside.length; j++) inside[j] = labels[index(j)] === k + 1 ? 1 : 0;
    fn({ inside, bw, bh, index });
  });
}

function addInside(work: FloatImage, delta: Float32Array, part: Part): void {
  const c = work.channels;
  for (let j = 0; j < part.inside.length; j++) {
    if (!part.inside[j]) continue;
    const i = part.index(j);
    for (let k = 0; k < 3; k++) {
      const v = work.data[i * c + k] + delta[j * 3 + k];
      work.data[i * c + k] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}
