/**
 * Levelling a tilted photo. The tilt is read from the photo's long straight lines (a horizon, a roofline, a
 * door frame): thin edges at two reduced sizes vote in a Hough accumulator, each only for line angles near its
 * own gradient's, and only lines within MAX_TILT of level or upright count. An angle scores by how many votes
 * pile up on single lines there (votes past a minimum length, squared), so one long horizon outweighs grass
 * or fur, whose edges point every way and make no long line. The coarser size sees a soft, hazy horizon as a
 * crisp edge; the finer one places a sharp line to a tenth of a degree.
 */
import sharp from 'sharp';
import { rawToSharp, type RawImage } from '../../../lib/image/raw-image';

/** Tilts beyond this are taken as meant (a deliberate slant), not levelled. */
const MAX_TILT = 10;
/** Hough angle bins per degree. */
const BINS_PER_DEGREE = 10;
/** An edge votes for angles this close to its gradient's: Sobel's angle is good to a degree or two. */
const VOTE_SPREAD = 2;
/** The long sides the lines are looked for at: enough pixels for a tenth of a degree, and fast. */
const WORK_SIDES = [720, 360];
/** Lines shorter than this share of the long side are detail, not lines to level by. */
const MIN_LINE = 0.08;
/**
 * The least evidence to level by: about one line 2 % of the long side past MIN_LINE. A hazy sea horizon half
 * hidden by grass scores 0.02 to 0.03; grass, fur and petals alone score under 0.01.
 */
const MIN_EVIDENCE = 0.02;

/**
 * How far the photo is turned clockwise, in degrees (negative: anticlockwise), from its dominant near-level
 * or near-upright lines; null when it has no line long and straight enough to go by.
 */
export function estimateTilt(image: RawImage): number | null {
  const score = new Float64Array(2 * MAX_TILT * BINS_PER_DEGREE + 1);
  for (const side of WORK_SIDES) {
    const { luma, width, height } = shrunkLuma(image, side);
    const long = Math.max(width, height);
    const atSize = lineScores(thinEdges(luma, width, height), width, height, MIN_LINE * long);
    // In shares of the long side, so each size has an equal say.
    for (let i = 0; i < score.length; i++) score[i] += atSize[i] / (long * long);
  }
  let best = 0;
  for (let i = 1; i < score.length; i++) if (score[i] > score[best]) best = i;
  if (Math.sqrt(score[best]) < MIN_EVIDENCE) return null;
  const left = score[best - 1] ?? score[best];
  const right = score[best + 1] ?? score[best];
  const curvature = left - 2 * score[best] + right;
  const offset = curvature < 0 ? (0.5 * (left - right)) / curvature : 0;
  return (best + offset) / BINS_PER_DEGREE - MAX_TILT;
}

/**
 * The photo levelled by its own lines and cropped to the largest upright rectangle inside the turned frame,
 * so no empty corner shows. `degrees` is the clockwise turn applied (0 when nothing needed levelling).
 */
export async function straighten(image: RawImage): Promise<{ image: RawImage; degrees: number }> {
  const tilt = estimateTilt(image);
  // Under a tenth of a degree no one sees the tilt, and the turn would only soften the photo.
  if (tilt === null || Math.abs(tilt) < 0.1) return { image, degrees: 0 };
  return { image: await rotateCropped(image, -tilt), degrees: -tilt };
}

/** The photo turned clockwise by `degrees` (any angle) and cropped to the largest rectangle of photo inside. */
export async function rotateCropped(image: RawImage, degrees: number): Promise<RawImage> {
  const inner = largestInside(image.width, image.height, (degrees * Math.PI) / 180);
  const turned = await rawToSharp(image)
    .rotate(degrees, { background: image.channels === 4 ? '#0000' : '#000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  // One pixel in from each side: the edge of the turned photo is a blend with the empty background.
  const cropWidth = Math.max(1, Math.floor(inner.width) - 2);
  const cropHeight = Math.max(1, Math.floor(inner.height) - 2);
  const { data, info } = await sharp(turned.data, { raw: turned.info })
    .extract({
      left: Math.round((width - cropWidth) / 2),
      top: Math.round((height - cropHeight) / 2),
      width: cropWidth,
      height: cropHeight,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: info.channels as RawImage['channels'],
  };
}

/**
 * The largest axis-aligned rectangle inside a w x h rectangle turned by `angle` radians: touching all four
 * sides when the frame is wide enough, else (a thin frame turned far) two, halfway along the short side.
 */
export function largestInside(w: number, h: number, angle: number): { width: number; height: number } {
  const sin = Math.abs(Math.sin(angle));
  const cos = Math.abs(Math.cos(angle));
  if (sin < 1e-9) return { width: w, height: h };
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  if (short <= 2 * sin * cos * long || Math.abs(sin - cos) < 1e-9) {
    const half = 0.5 * short;
    return w >= h ? { width: half / sin, height: half / cos } : { width: half / cos, height: half / sin };
  }
  const cos2 = cos * cos - sin * sin;
  return { width: (w * cos - h * sin) / cos2, height: (h * cos - w * sin) / cos2 };
}

/** Rec. 601 luma, averaged over square blocks so the long side is about `side` (never enlarged). */
function shrunkLuma(image: RawImage, side: number) {
  const { data, channels } = image;
  const factor = Math.max(1, Math.round(Math.max(image.width, image.height) / side));
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const luma = new Float32Array(width * height);
  const weight = 1 / (factor * factor);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let j = 0; j < factor; j++) {
        let i = ((y * factor + j) * image.width + x * factor) * channels;
        for (let k = 0; k < factor; k++, i += channels) {
          sum += channels < 3 ? data[i] : 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
        }
      }
      luma[y * width + x] = sum * weight;
    }
  }
  return { luma, width, height };
}

/** Thin edges: where Sobel's response peaks across the edge (to a fraction of a pixel), with its gradient. */
interface Edges {
  x: Float32Array;
  y: Float32Array;
  gx: Float32Array;
  gy: Float32Array;
}

/** Sobel's response to a step of about 3 levels a pixel: fainter edges are noise, not lines. */
const EDGE_FLOOR = 12;

function thinEdges(luma: Float32Array, width: number, height: number): Edges {
  const n = width * height;
  const magnitude = new Float32Array(n);
  const gxs = new Float32Array(n);
  const gys = new Float32Array(n);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const a = luma[i - width - 1];
      const b = luma[i - width];
      const c = luma[i - width + 1];
      const d = luma[i - 1];
      const f = luma[i + 1];
      const g = luma[i + width - 1];
      const h = luma[i + width];
      const k = luma[i + width + 1];
      gxs[i] = c + 2 * f + k - a - 2 * d - g;
      gys[i] = g + 2 * h + k - a - 2 * b - c;
      magnitude[i] = Math.sqrt(gxs[i] * gxs[i] + gys[i] * gys[i]);
    }
  }
  // Non-maximum suppression across the edge (its gradient rounded to a neighbour), the peak placed between
  // pixels by a parabola: a straight edge then votes for one line, not a staircase of two.
  const edges: Edges = {
    x: new Float32Array(n),
    y: new Float32Array(n),
    gx: new Float32Array(n),
    gy: new Float32Array(n),
  };
  let count = 0;
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2, i = y * width + 2; x < width - 2; x++, i++) {
      const m = magnitude[i];
      if (m < EDGE_FLOOR) continue;
      const gx = gxs[i];
      const gy = gys[i];
      const dx = Math.abs(gy) > 2.414 * Math.abs(gx) ? 0 : Math.sign(gx);
      const dy = Math.abs(gx) > 2.414 * Math.abs(gy) ? 0 : Math.sign(gy);
      const before = magnitude[i - dy * width - dx];
      const after = magnitude[i + dy * width + dx];
      if (!(m > before && m >= after)) continue;
      const offset = (0.5 * (before - after)) / (before - 2 * m + after);
      edges.x[count] = x + offset * dx;
      edges.y[count] = y + offset * dy;
      edges.gx[count] = gx;
      edges.gy[count] = gy;
      count++;
    }
  }
  return {
    x: edges.x.subarray(0, count),
    y: edges.y.subarray(0, count),
    gx: edges.gx.subarray(0, count),
    gy: edges.gy.subarray(0, count),
  };
}

/**
 * Per tilt bin (-MAX_TILT..MAX_TILT degrees), how much of the photo's edges lies on long straight lines of
 * that tilt: each thin edge pixel votes for the lines through it whose tilt is near its gradient's, and each
 * line's votes past `minLine` count, squared, so one long line outweighs many short ones. A near-level line
 * turned clockwise by t has rho = -x sin t + y cos t; a near-upright one rho = x cos t + y sin t.
 */
function lineScores(edges: Edges, width: number, height: number, minLine: number): Float64Array {
  const bins = 2 * MAX_TILT * BINS_PER_DEGREE + 1;
  const reach = Math.ceil(Math.hypot(width, height) / 2) + 2;
  const rhos = 2 * reach + 1;
  const level = new Float32Array(bins * rhos);
  const upright = new Float32Array(bins * rhos);
  const sin = Float64Array.from({ length: bins }, (_, b) => Math.sin(tiltOf(b)));
  const cos = Float64Array.from({ length: bins }, (_, b) => Math.cos(tiltOf(b)));
  const spread = VOTE_SPREAD * BINS_PER_DEGREE;
  const cx = width / 2;
  const cy = height / 2;
  for (let e = 0; e < edges.x.length; e++) {
    const x = edges.x[e] - cx;
    const y = edges.y[e] - cy;
    const a = (Math.atan2(edges.gy[e], edges.gx[e]) * 180) / Math.PI;
    // The gradient's angle folded to (-45, 45] is the line's tilt; the unfolded angle tells the family.
    const folded = ((((a + 45) % 90) + 90) % 90) - 45;
    if (Math.abs(folded) > MAX_TILT + VOTE_SPREAD) continue;
    const isLevel = Math.abs(Math.abs(a) - 90) < 45;
    const centre = Math.round((folded + MAX_TILT) * BINS_PER_DEGREE);
    const acc = isLevel ? level : upright;
    for (let b = Math.max(0, centre - spread), to = Math.min(bins - 1, centre + spread); b <= to; b++) {
      const rho = (isLevel ? -x * sin[b] + y * cos[b] : x * cos[b] + y * sin[b]) + reach;
      const r0 = Math.floor(rho);
      const share = rho - r0;
      acc[b * rhos + r0] += 1 - share;
      acc[b * rhos + r0 + 1] += share;
    }
  }
  // Perspective leans lines the more the farther they are from the middle (verticals converge when the
  // camera looks up; a road's edges converge on the horizon), so lines count less the farther out they lie.
  const nearness = (extent: number) =>
    Float32Array.from({ length: rhos }, (_, r) => Math.exp(-0.5 * ((r - reach) / (0.25 * extent)) ** 2));
  const nearLevel = nearness(height);
  const nearUpright = nearness(width);
  const score = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    let sum = 0;
    for (let r = 0, o = b * rhos; r < rhos; r++, o++) {
      const overLevel = Math.max(0, level[o] - minLine) * nearLevel[r];
      const overUpright = Math.max(0, upright[o] - minLine) * nearUpright[r];
      sum += overLevel * overLevel + overUpright * overUpright;
    }
    score[b] = sum;
  }
  return score;
}

const tiltOf = (bin: number) => ((bin / BINS_PER_DEGREE - MAX_TILT) * Math.PI) / 180;
