import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, dilate } from '../../lib/image/bitmap';
import { findAtSide } from '../../lib/image/area-resample';
import {
  colourEdges,
  EDGE_OFFSETS,
  edgeSharpness,
  neighbourOffsets,
  sampleRgb,
  type ColourEdges,
} from './colour-edges';
import { SHAPE_MIN_ALONG, SHAPE_MIN_CONSISTENT, SHAPE_MIN_STEP } from './tuned-thresholds';
import { median } from '../../lib/median';

/**
 * Translucent shapes laid over a photo (a logo's emblem, coloured tiles, overlapping circles), found by their
 * outlines. Across the edge of a shape of colour C at opacity a, the photo just inside is the photo just
 * outside under one affine map, `inside = k * outside + b`, with k = 1 - a shared by the three channels and
 * b = a * C, and the colour it implies, C = b / (1 - k), is a real colour. Along a stretch of a photo's own
 * edge (one object against another) the two sides are not such a map of each other. A shadow's edge is one
 * (its "colour" near black), and so is the soft edge of shading; those are told apart by the colour and by
 * how sharply the edge rises.
 */
interface OutlinePixel {
  index: number;
  /** Unit normal pointing into the shape. */
  nx: number;
  ny: number;
  /** 1 - opacity, the shape's colour, and the mean colour step across the stretch (RGB distance). */
  k: number;
  colour: number[];
  step: number;
  sharpness: number;
}

/** The longer side the shapes are looked for at (the benchmark's photos' size). */
const WORK_SIDE = 1024;
/** An edge pixel is fitted with the pixels of its chain within this many steps along it. */
const RADIUS = 24;
const MIN_CHAIN = 16;
/** The shape's opacity from 8 % to 88 %. */
const K_RANGE = [0.12, 0.92];
/** How far the implied colour may fall outside 0-255 (JPEG and anti-aliasing). */
const COLOUR_SLACK = 25;
/** The photo outside must vary along the stretch (else any k fits), and the map must explain the inside. */
const MIN_SPREAD = 4;
const MIN_EXPLAINED = 0.75;
const MAX_RESIDUAL = 0.25;
/** Outline pixels in 8-connected runs of at least this many count; shorter runs are a photo's chance. */
const MIN_RUN = 12;
/** A drawn outline rises within a pixel or so (anti-aliasing); shading and a photo's soft edges ramp. */
const SHARPNESS_RANGE = [0.84, 1.15];
/** The largest shape, as a share of the photo: a fill that spreads further ran out through a gap in its outline. */
const MAX_AREA = 0.03;
/** The smallest, as a share of the photo: a fold of cloth or a glint bounded by a lucky stretch of edge is smaller. */
const MIN_AREA = 0.001;
/** Where a shape's fill stops: a gradient of this share of its outline's step. */
const BARRIER = 0.15;

interface Fit {
  k: number;
  b: number[];
  residual: number;
  explained: number;
  spread: number;
  step: number;
}

/**
 * Least squares `inside_c = k * outside_c + b_c` (k shared by the channels) over the samples of the edge pixels `stretch[0..pixels)`, both ways:
 * with the plus side inside (the shape on the plus side), and with the minus side inside. The two fits share
 * every sum (the variances swap), so one pass over the samples makes both.
 */
function fitBothWays(
  minus: Float32Array,
  plus: Float32Array,
  stretch: Int32Array,
  pixels: number,
): { intoPlus: Fit; intoMinus: Fit } {
  const offsets = EDGE_OFFSETS.length;
  const n = pixels * offsets;
  const mMinus = [0, 0, 0];
  const mPlus = [0, 0, 0];
  let step = 0;
  for (let p = 0; p < pixels; p++) {
    for (let o = 0; o < offsets; o++) {
      const a = (stretch[p] * offsets + o) * 3;
      let d = 0;
      for (let c = 0; c < 3; c++) {
        mMinus[c] += minus[a + c];
        mPlus[c] += plus[a + c];
        d += (plus[a + c] - minus[a + c]) ** 2;
      }
      step += Math.sqrt(d);
    }
  }
  for (let c = 0; c < 3; c++) {
    mMinus[c] /= n;
    mPlus[c] /= n;
  }
  let sMinus = 0;
  let sBoth = 0;
  let sPlus = 0;
  for (let p = 0; p < pixels; p++) {
    for (let o = 0; o < offsets; o++) {
      const a = (stretch[p] * offsets + o) * 3;
      for (let c = 0; c < 3; c++) {
        const x = minus[a + c] - mMinus[c];
        const y = plus[a + c] - mPlus[c];
        sMinus += x * x;
        sBoth += x * y;
        sPlus += y * y;
      }
    }
  }
  return {
    intoPlus: fitFromSums(mMinus, mPlus, sMinus, sBoth, sPlus, step / n, n),
    intoMinus: fitFromSums(mPlus, mMinus, sPlus, sBoth, sMinus, step / n, n),
  };
}

function fitFromSums(
  meanOutside: number[],
  meanInside: number[],
  sxx: number,
  sxy: number,
  syy: number,
  step: number,
  n: number,
): Fit {
  const k = sxx > 0 ? sxy / sxx : 0;
  const residual = Math.max(0, syy - k * sxy);
  return {
    k,
    b: [0, 1, 2].map((c) => meanInside[c] - k * meanOutside[c]),
    residual: Math.sqrt(residual / (3 * n)),
    explained: syy > 0 ? 1 - residual / syy : 0,
    spread: Math.sqrt(sxx / (3 * n)),
    step,
  };
}

/** The shape's colour when the fit is a translucent blend, else null. */
function blendColour(fit: Fit): number[] | null {
  if (fit.k < K_RANGE[0] || fit.k > K_RANGE[1]) return null;
  if (fit.spread < MIN_SPREAD || fit.explained < MIN_EXPLAINED) return null;
  if (fit.residual > MAX_RESIDUAL * fit.step) return null;
  const colour = fit.b.map((b) => b / (1 - fit.k));
  return colour.some((v) => v < -COLOUR_SLACK || v > 255 + COLOUR_SLACK) ? null : colour;
}

/** Edge pixels whose stretch of edge is a translucent shape's outline, each with the side the shape is on. */
function outlinePixels(image: RawImage, edges: ColourEdges): OutlinePixel[] {
  const { width } = image;
  const { index, chain, chainLength, minus, plus, edgeAt } = edges;
  const around = neighbourOffsets(width);
  const found: OutlinePixel[] = [];
  const seen = new Int32Array(index.length).fill(-1);
  // The stretch, in the order it was walked: one level of steps after another
  const stretch = new Int32Array(index.length);
  for (let e = 0; e < index.length; e++) {
    if (chainLength[chain[e]] < MIN_CHAIN) continue;
    // The stretch: the pixels of e's chain within RADIUS steps along it (not other edges that happen to be near).
    let size = 1;
    let walked = 0;
    stretch[0] = e;
    seen[e] = e;
    for (let depth = 0; depth <= RADIUS && walked < size; depth++) {
      const levelEnd = size;
      for (; walked < levelEnd; walked++) {
        const f = stretch[walked];
        for (let k = 0; k < around.length; k++) {
          const g = edgeAt[index[f] + around[k]];
          if (g < 0 || seen[g] === e || chain[g] !== chain[e]) continue;
          seen[g] = e;
          stretch[size++] = g;
        }
      }
    }
    // Either side may be the shape's.
    const { intoPlus, intoMinus } = fitBothWays(minus, plus, stretch, walked);
    const plusColour = blendColour(intoPlus);
    const minusColour = blendColour(intoMinus);
    if (!plusColour && !minusColour) continue;
    const usePlus = plusColour !== null && (!minusColour || intoPlus.residual <= intoMinus.residual);
    const sign = usePlus ? 1 : -1;
    found.push({
      index: index[e],
      nx: sign * edges.nx[e],
      ny: sign * edges.ny[e],
      k: (usePlus ? intoPlus : intoMinus).k,
      colour: (usePlus ? plusColour : minusColour)!,
      step: intoPlus.step,
      sharpness: edgeSharpness(image, edges, e),
    });
  }
  return found;
}

/**
 * The mask of the translucent shapes on a photo (grown by 2 px), or null. Each run of outline pixels fills
 * its shape from just inside, up to the next colour edge; the shape is kept when the run rises sharply, its
 * colour is one a mark is drawn in, the shape lies along the run, and its border obeys the run's map (the
 * photo just inside is the photo just outside, blended with the run's colour at its opacity), as a
 * translucent shape's border does and a photo's own region's (a cup's shaded wall) does not.
 */
export function findOverlayShapes(image: RawImage): Uint8Array | null {
  return findAtSide(image, WORK_SIDE, findAtWorkSize);
}

function findAtWorkSize(image: RawImage): Uint8Array | null {
  const { width, height } = image;
  const n = width * height;
  const edges = colourEdges(image, SHAPE_MIN_STEP);
  const found = outlinePixels(image, edges);
  const onOutline = new Uint8Array(n);
  for (const f of found) onOutline[f.index] = 1;
  const runs = connectedComponents(onOutline, width, height);
  const members: OutlinePixel[][] = Array.from({ length: runs.count }, () => []);
  for (const f of found) members[runs.labels[f.index] - 1].push(f);
  const mask = new Uint8Array(n);
  let any = false;
  for (const run of members) {
    if (run.length < MIN_RUN) continue;
    const sharpness = median(run.map((f) => f.sharpness));
    if (sharpness < SHARPNESS_RANGE[0] || sharpness > SHARPNESS_RANGE[1]) continue;
    const colour = [0, 1, 2].map((c) => median(run.map((f) => f.colour[c])));
    if (!markColour(colour)) continue;
    const step = median(run.map((f) => f.step));
    const shape = fillShape(image, edges.strength, run, Math.max(2.5, (BARRIER * step) / 2));
    if (!shape) continue;
    const near = dilate(shape.region, width, height, 4);
    if (run.filter((f) => near[f.index]).length < SHAPE_MIN_ALONG * run.length) continue;
    const k = median(run.map((f) => f.k));
    const b = colour.map((c) => (1 - k) * c);
    if (borderConsistency(image, shape, k, b, step) < SHAPE_MIN_CONSISTENT) continue;
    any = true;
    for (const f of run) mask[f.index] = 1;
    for (const i of shape.pixels) mask[i] = 1;
  }
  return any ? dilate(mask, width, height, 2) : null;
}

/**
 * Colours a translucent mark is drawn in: vivid (a brand's colours) or light. A dark, dull "colour" is what a
 * shadow's edge implies (inside = k * outside), and a muddy one what a photo's own brown regions do.
 */
function markColour([r, g, b]: number[]): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  return max >= 200 || (max >= 60 && (max - min) / max >= 0.5);
}

/** A shape's pixels, as a mask of the photo's size and as a list (so work on it need not scan the photo). */
interface Shape {
  region: Uint8Array;
  pixels: number[];
}

/** The shape inside a run: a 4-connected fill from 3 px inside it, through pixels whose gradient is under `barrier`. */
function fillShape(
  image: RawImage,
  strength: Float32Array,
  run: OutlinePixel[],
  barrier: number,
): Shape | null {
  const { width, height } = image;
  const n = width * height;
  const region = new Uint8Array(n);
  const stack: number[] = [];
  for (const f of run) {
    const x = Math.round((f.index % width) + 3 * f.nx);
    const y = Math.round(Math.floor(f.index / width) + 3 * f.ny);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const s = y * width + x;
    if (region[s] || strength[s] >= barrier) continue;
    region[s] = 1;
    stack.push(s);
  }
  const pixels: number[] = [];
  while (stack.length) {
    const p = stack.pop()!;
    pixels.push(p);
    if (pixels.length > MAX_AREA * n) return null;
    const x = p % width;
    for (const q of [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) {
      if (q < 0 || q >= n || region[q] || strength[q] >= barrier) continue;
      region[q] = 1;
      stack.push(q);
    }
  }
  return pixels.length >= MIN_AREA * n ? { region, pixels } : null;
}

/**
 * The share of a region's border where the pixel 2.5 px inside is the pixel 2.5 px outside under the map
 * `inside = k * outside + b`, within a quarter of the outline's step (at least 6 levels).
 */
function borderConsistency(
  image: RawImage,
  { region, pixels }: Shape,
  k: number,
  b: number[],
  step: number,
): number {
  const { width, height } = image;
  const tolerance = Math.max(6, 0.25 * step);
  const outside = new Float32Array(3);
  const inside = new Float32Array(3);
  let border = 0;
  let consistent = 0;
  for (const i of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
    // The outward direction: towards the 4-neighbours outside the region.
    const dx = (region[i - 1] ? 0 : -1) + (region[i + 1] ? 0 : 1);
    const dy = (region[i - width] ? 0 : -1) + (region[i + width] ? 0 : 1);
    const norm = Math.hypot(dx, dy);
    if (norm === 0) continue;
    border++;
    sampleRgb(image, x + (2.5 * dx) / norm, y + (2.5 * dy) / norm, outside, 0);
    sampleRgb(image, x - (2.5 * dx) / norm, y - (2.5 * dy) / norm, inside, 0);
    let error = 0;
    for (let c = 0; c < 3; c++) error += (inside[c] - k * outside[c] - b[c]) ** 2;
    if (Math.sqrt(error / 3) <= tolerance) consistent++;
  }
  return border ? consistent / border : 0;
}
