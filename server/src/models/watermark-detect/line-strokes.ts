/**
 * One line of text the detector saw, and its strokes: the pixels shifted from the photo behind along one
 * colour, with the measures the lettering's tests judge them by (text-strokes.ts).
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { Box } from '../../lib/image/bitmap';
import { ringLikeStrokes } from './ring-leak';

/** A line of text the detector saw, grown back to its whole extent. */
export interface TextLine {
  /** The whole line at the image's size. */
  area: Uint8Array;
  box: Box;
  confidence: number;
  elongation: number;
  /** How far the core was grown, in image pixels. */
  radius: number;
}

/** Calls `visit` with each pixel index of the box, row by row. */
export function forEachInBox(box: Box, width: number, visit: (i: number) => void): void {
  for (let y = box.y0; y < box.y1; y++)
    for (let i = y * width + box.x0; i < y * width + box.x1; i++) visit(i);
}

/** The strokes' measures as the evidence records them, except the thickness, here in image pixels. */
export interface LineStrokes {
  /** The strokes at the image's size. */
  mask: Uint8Array;
  /** Mean colour shift of the strokes from the photo around them, along the mark's colour (0..441). */
  contrast: number;
  /** Share of the line's area that is stroke. */
  fill: number;
  /** Mean step at the strokes' edges over their contrast. */
  sharpness: number;
  /** How far the strokes are from one colour blended at one opacity over the photo behind, over contrast. */
  misfit: number;
  /** Share of the pixels just outside the line shifted like its strokes, over the share inside. */
  leak: number;
  /** How far the line's other pixels sit on the far side of the photo behind, over contrast. */
  rest: number;
  /** Mean stroke width in image pixels. */
  thickness: number;
}

/**
 * A line's strokes: the pixels shifted from the photo behind along the line's dominant colour shift, split
 * from the rest by Otsu's threshold on that shift.
 */
export function lineStrokes(
  image: RawImage,
  behind: Float32Array[],
  line: TextLine,
  reach: number,
): LineStrokes {
  const { data, channels } = image;
  const { area } = line;
  const idx: number[] = [];
  forEachInBox(line.box, image.width, (i) => {
    if (area[i]) idx.push(i);
  });
  const shift = (i: number, c: number) => data[i * channels + Math.min(c, channels - 1)] - behind[c][i];
  const magnitude = idx.map((i) => Math.hypot(shift(i, 0), shift(i, 1), shift(i, 2)));
  const first = otsu(magnitude);
  // The mark's colour shift: the mean shift of the pixels that moved most.
  const dir = [0, 0, 0];
  idx.forEach((i, k) => {
    if (magnitude[k] > first) for (let c = 0; c < 3; c++) dir[c] += shift(i, c);
  });
  const norm = Math.hypot(...dir) || 1;
  const along = idx.map((i) => (shift(i, 0) * dir[0] + shift(i, 1) * dir[1] + shift(i, 2) * dir[2]) / norm);
  const cut = otsu(along);
  const mask = new Uint8Array(area.length);
  const value = new Float32Array(area.length);
  let count = 0;
  let sum = 0;
  let restSum = 0;
  idx.forEach((i, k) => {
    value[i] = along[k];
    if (along[k] <= cut) {
      restSum += along[k];
      return;
    }
    mask[i] = 1;
    count++;
    sum += along[k];
  });
  // Where a stroke meets the photo: how many such pixels, and how steep the step is there. An overlay's edge
  // is a step of its whole contrast within a pixel or two; a photo's blur or shading is gentle.
  const { width } = image;
  let edges = 0;
  let drop = 0;
  for (const i of idx) {
    if (!mask[i]) continue;
    let steepest = -1;
    for (const j of [i - 1, i + 1, i - width, i + width, i - 2, i + 2, i - 2 * width, i + 2 * width]) {
      if (j >= 0 && j < area.length && area[j] && !mask[j])
        steepest = Math.max(steepest, value[i] - value[j]);
    }
    if (steepest < 0) continue;
    edges++;
    drop += steepest;
  }
  const contrast = count ? sum / count : 0;
  // Just outside the line a mark ends: the photo there looks like the line's other pixels, not like its
  // strokes. A line the detector imagined in the photo's own texture has its "strokes" outside as well.
  const { ring, likeStrokes } = ringLikeStrokes(image, area, mask, reach);
  const fill = idx.length ? count / idx.length : 0;
  return {
    rest: idx.length > count && contrast ? -restSum / (idx.length - count) / contrast : 0,
    leak: ring && fill ? likeStrokes / ring / fill : 0,
    misfit: blendMisfit(image, behind, mask, idx) / Math.max(1, contrast),
    mask,
    contrast,
    fill,
    thickness: edges ? (2 * count) / edges : 0,
    sharpness: edges && contrast ? drop / edges / contrast : 0,
  };
}

/** Otsu's threshold of a list of values (on a 256-bin histogram over their range). */
function otsu(values: number[]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!(hi > lo)) return hi;
  const bins = new Float64Array(256);
  const step = (hi - lo) / 255;
  for (const v of values) bins[Math.round((v - lo) / step)]++;
  let total = 0;
  for (let b = 0; b < 256; b++) total += b * bins[b];
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let bestVar = -1;
  for (let b = 0; b < 255; b++) {
    below += bins[b];
    belowSum += b * bins[b];
    const above = values.length - below;
    if (below === 0 || above === 0) continue;
    const d = belowSum / below - (total - belowSum) / above;
    const v = below * above * d * d;
    if (v > bestVar) {
      bestVar = v;
      best = b;
    }
  }
  return lo + (best + 0.5) * step;
}

/**
 * RMS residual of the strokes' pixels against the best single blend `out = (1 - a) * behind + a * colour`
 * (one opacity, one colour, least squares over the three channels): an overlay fits it, a photo's own
 * detail does not.
 */
function blendMisfit(image: RawImage, behind: Float32Array[], mask: Uint8Array, idx: number[]): number {
  const { data, channels } = image;
  // out_c = k * behind_c + b_c with k shared: regress on behind_c centred per channel.
  const n = [0, 0, 0];
  const sx = [0, 0, 0];
  const sy = [0, 0, 0];
  let count = 0;
  for (const i of idx) {
    if (!mask[i]) continue;
    count++;
    for (let c = 0; c < 3; c++) {
      sx[c] += behind[c][i];
      sy[c] += data[i * channels + Math.min(c, channels - 1)];
      n[c]++;
    }
  }
  if (count < 2) return 0;
  const mx = sx.map((v) => v / count);
  const my = sy.map((v) => v / count);
  let sxy = 0;
  let sxx = 0;
  for (const i of idx) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c++) {
      const x = behind[c][i] - mx[c];
      sxy += x * (data[i * channels + Math.min(c, channels - 1)] - my[c]);
      sxx += x * x;
    }
  }
  const k = Math.max(0, Math.min(1, sxx ? sxy / sxx : 0));
  let residual = 0;
  for (const i of idx) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c++) {
      const r = data[i * channels + Math.min(c, channels - 1)] - my[c] - k * (behind[c][i] - mx[c]);
      residual += r * r;
    }
  }
  return Math.sqrt(residual / (3 * count));
}
