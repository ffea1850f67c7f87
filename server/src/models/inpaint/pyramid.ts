import { sampleBilinear } from './float-image';
import type { Box } from '../../lib/image/bitmap';

/**
 * The image pyramid of the exemplar completion and its blur: halving a level (a coarse pixel is unknown
 * when any of its children is), carrying a coarse solution or correction up to a finer level, and a box
 * blur limited to the hole's neighbourhood.
 */
export interface Level {
  data: Float32Array;
  w: number;
  h: number;
  hole: Uint8Array;
  blocked: Uint8Array;
  holeCount: number;
}

/** Halves the level; a coarse pixel is unknown when any of its children is, and averages its known children. */
export function downsample(level: Level, c: number): Level {
  const w = Math.ceil(level.w / 2);
  const h = Math.ceil(level.h / 2);
  const data = new Float32Array(w * h * c);
  const hole = new Uint8Array(w * h);
  const blocked = new Uint8Array(w * h);
  let holeCount = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let known = 0;
      let any = 0;
      let isHole = 0;
      let isBlocked = 0;
      for (let dy = 0; dy < 2; dy++) {
        const fy = 2 * y + dy;
        if (fy >= level.h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          if (fx >= level.w) continue;
          const f = fy * level.w + fx;
          any++;
          isHole |= level.hole[f];
          isBlocked |= level.blocked[f];
          if (!level.blocked[f]) {
            known++;
            for (let k = 0; k < c; k++) data[i * c + k] += level.data[f * c + k];
          }
        }
      }
      if (known > 0) for (let k = 0; k < c; k++) data[i * c + k] /= known;
      hole[i] = isHole;
      blocked[i] = isBlocked;
      holeCount += isHole;
      if (!any) blocked[i] = 1;
    }
  }
  return { data, w, h, hole, blocked, holeCount };
}

/** Seeds the hole of a fine level with the bilinear enlargement of the coarser level's solution. */
export function upsampleHole(coarse: Level, fine: Level, c: number): void {
  const out = new Float32Array(c);
  for (let i = 0; i < fine.hole.length; i++) {
    if (!fine.hole[i]) continue;
    const x = i % fine.w;
    const y = (i - x) / fine.w;
    sampleBilinear(coarse.data, coarse.w, coarse.h, c, (x - 0.5) / 2, (y - 0.5) / 2, out);
    fine.data.set(out, i * c);
  }
}

/** Adds the bilinear enlargement of a coarse level's correction to the finest level's hole. */
export function applyCorrection(fine: Level, coarse: Level, correction: Float32Array, c: number): void {
  const scale = fine.w / coarse.w;
  // Float64, so the interpolated correction is added at full precision, as before the helper was shared.
  const delta = new Float64Array(c);
  for (let i = 0; i < fine.hole.length; i++) {
    if (!fine.hole[i]) continue;
    const x = i % fine.w;
    const y = (i - x) / fine.w;
    sampleBilinear(
      correction,
      coarse.w,
      coarse.h,
      c,
      (x + 0.5) / scale - 0.5,
      (y + 0.5) / scale - 0.5,
      delta,
    );
    for (let k = 0; k < c; k++) {
      const v = fine.data[i * c + k] + delta[k];
      fine.data[i * c + k] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

/**
 * Box blur by running sums, limited to the hole's box grown by the blur's reach (zero elsewhere). Each sum sees
 * its additions and subtractions in one fixed order; the loops are split where the window meets the box's
 * edges only so the middle runs without tests.
 */
export function boxBlur(data: Float32Array, w: number, h: number, c: number, r: number, box: Box): void {
  const { x0, x1, y0, y1 } = box;
  const line = new Float64Array(Math.max(w, h) * c);
  const full = 2 * r + 1;
  // The columns whose window reaches past neither edge: [x0 + r + 1, x1 - r).
  const innerFrom = Math.min(x1, x0 + r + 1);
  const innerTo = Math.max(innerFrom, x1 - r);
  for (let y = y0; y < y1; y++) {
    const base = y * w * c;
    for (let x = x0; x < x1; x++) for (let k = 0; k < c; k++) line[x * c + k] = data[base + x * c + k];
    for (let k = 0; k < c; k++) {
      let sum = 0;
      for (let x = x0; x < Math.min(x1, x0 + r); x++) sum += line[x * c + k];
      for (let x = x0; x < innerFrom; x++) {
        if (x + r < x1) sum += line[(x + r) * c + k];
        data[base + x * c + k] = sum / (Math.min(x1 - 1, x + r) - x0 + 1);
      }
      for (let x = innerFrom; x < innerTo; x++) {
        sum += line[(x + r) * c + k];
        sum -= line[(x - r - 1) * c + k];
        data[base + x * c + k] = sum / full;
      }
      for (let x = innerTo; x < x1; x++) {
        if (x + r < x1) sum += line[(x + r) * c + k];
        if (x - r - 1 >= x0) sum -= line[(x - r - 1) * c + k];
        data[base + x * c + k] = sum / (Math.min(x1 - 1, x + r) - Math.max(x0, x - r) + 1);
      }
    }
  }
  // Down the columns, a row at a time (walking one column at a time misses the cache on every pixel): each
  // column's running sum sees the same additions in the same order, so the result is the same to the bit.
  const span = (x1 - x0) * c;
  const sums = new Float64Array(span);
  // The rows as they were before this pass wrote them, for the subtraction r + 1 rows later.
  const kept = new Float64Array((r + 1) * span);
  for (let y = y0; y < Math.min(y1, y0 + r); y++) {
    const o = (y * w + x0) * c;
    for (let j = 0; j < span; j++) sums[j] += data[o + j];
  }
  for (let y = y0; y < y1; y++) {
    const o = (y * w + x0) * c;
    const slot = ((y - y0) % (r + 1)) * span;
    if (y + r < y1) {
      const add = ((y + r) * w + x0) * c;
      for (let j = 0; j < span; j++) sums[j] += data[add + j];
    }
    if (y - r - 1 >= y0) for (let j = 0; j < span; j++) sums[j] -= kept[slot + j];
    const n = Math.min(y1 - 1, y + r) - Math.max(y0, y - r) + 1;
    for (let j = 0; j < span; j++) {
      kept[slot + j] = data[o + j];
      data[o + j] = sums[j] / n;
    }
  }
}
