import type { Box } from '../../lib/image/bitmap';

/**
 * The blend model of a mark over a photo, observed = (1 - a) * photo + a * colour, fitted to pixels against
 * a smooth guess of the photo under them (`background`). Shared by the mark's regions (watermark.ts).
 */
export interface BlendFit {
  color: [number, number, number];
  /** Opacity of the mark's interior. */
  alpha: number;
  /** Residual of the fit relative to the signal; low means the blend model explains the pixels. */
  residual: number;
}

/**
 * Up to `limit` pixel indexes of component `id` (0 = every component), evenly spaced. `box` (exclusive ends),
 * where the component lies, spares a scan of the whole photo per component (a tiled mark has hundreds).
 */
export function collect(
  mask: Uint8Array,
  labels: Int32Array,
  id: number,
  limit: number,
  width = mask.length,
  box: Box = { x0: 0, y0: 0, x1: width, y1: mask.length / width },
): Int32Array {
  const inside = (i: number) => mask[i] && (id === 0 || labels[i] === id);
  let total = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let i = y * width + box.x0; i < y * width + box.x1; i++) if (inside(i)) total++;
  const stride = Math.max(1, total / limit);
  const out = new Int32Array(Math.min(total, limit));
  let seen = 0;
  let n = 0;
  let next = 0;
  for (let y = box.y0; y < box.y1 && n < out.length; y++)
    for (let i = y * width + box.x0; i < y * width + box.x1 && n < out.length; i++) {
      if (!inside(i)) continue;
      if (seen >= next) {
        out[n++] = i;
        next += stride;
      }
      seen++;
    }
  return out.subarray(0, n);
}

/**
 * Finds the overlay colour by a coarse-to-fine grid search that minimises the robust misfit of the
 * blend model, then the interior opacity as the mode of the per-pixel opacities under that colour.
 */
export function fitBlend(
  data: Float32Array,
  background: Float32Array,
  c: number,
  pixels: Int32Array,
): BlendFit | null {
  if (pixels.length < 8) return null;
  let signal = 0;
  for (let n = 0; n < pixels.length; n++) {
    const o = pixels[n] * c;
    for (let k = 0; k < 3; k++) {
      const d = data[o + k] - background[o + k];
      signal += Math.min(d * d, 3 * 900);
    }
  }
  if (signal / pixels.length < 25) return null;
  const fit = { best: [255, 255, 255] as [number, number, number], bestErr: Infinity, bestAlpha: 0 };
  // A bound for the coarse search: its best colour on every 8th pixel, with its misfit over them all. A colour
  // whose misfit passes the bound cannot win; one that ties with it is summed in full, so the search picks
  // the colour it would pick without it, having summed far less for the others.
  let bound = Infinity;
  if (pixels.length >= 256) {
    const sample = pixels.filter((_, n) => n % 8 === 0);
    const guess = { best: fit.best, bestErr: Infinity, bestAlpha: 0 };
    gridSearch(data, background, c, sample, guess, COARSE, Infinity);
    bound = residualOf(data, background, c, pixels, ...guess.best, Infinity).err;
  }
  gridSearch(data, background, c, pixels, fit, COARSE, bound);
  gridSearch(data, background, c, pixels, fit, { center: fit.best, step: 8, span: 24 }, Infinity);
  gridSearch(data, background, c, pixels, fit, { center: fit.best, step: 2, span: 6 }, Infinity);
  const { best, bestErr, bestAlpha } = fit;
  // The interior opacity is the most common per-pixel opacity under that colour; a mode, unlike the
  // least-squares value, is not pulled by a second mark inside the same region (text on a banner).
  const hist = new Float32Array(101);
  for (let n = 0; n < pixels.length; n++) {
    const a = alphaAt(data, background, pixels[n] * c, best, true);
    if (a >= 0.05) hist[Math.min(100, Math.round(a * 100))] += 1;
  }
  let mode = Math.round(bestAlpha * 100);
  let modeCount = 0;
  for (let i = 5; i <= 100; i++) {
    const v = hist[i - 1] * 0.5 + hist[i] + (i < 100 ? hist[i + 1] * 0.5 : 0);
    if (v > modeCount) {
      modeCount = v;
      mode = i;
    }
  }
  return { color: best, alpha: mode / 100, residual: bestErr / signal };
}

interface Grid {
  center: [number, number, number];
  step: number;
  span: number;
}

/** The coarse search: the whole colour cube, 9 steps a side. */
const COARSE: Grid = { center: [127.5, 127.5, 127.5], step: 31.875, span: 127.5 };

/**
 * The colours of a grid in a fixed order, each replacing `fit`'s best when its misfit is lower. `bound`: a
 * misfit some colour is known to reach; a colour is summed in full only while it does not pass it.
 */
function gridSearch(
  data: Float32Array,
  background: Float32Array,
  c: number,
  pixels: Int32Array,
  fit: { best: [number, number, number]; bestErr: number; bestAlpha: number },
  { center, step, span }: Grid,
  bound: number,
): void {
  // "Passes the bound": summing stops at the least value above it, so a tie with the bound is summed in full.
  const above = bound === Infinity ? Infinity : bound * (1 + 1e-12) + 1e-9;
  for (let r = center[0] - span; r <= center[0] + span; r += step) {
    for (let g = center[1] - span; g <= center[1] + span; g += step) {
      for (let b = center[2] - span; b <= center[2] + span; b += step) {
        if (r < 0 || g < 0 || b < 0 || r > 255 || g > 255 || b > 255) continue;
        const one = residualOf(data, background, c, pixels, r, g, b, Math.min(fit.bestErr, above));
        if (one.err < fit.bestErr) {
          fit.bestErr = one.err;
          fit.bestAlpha = one.alpha;
          fit.best = [r, g, b];
        }
      }
    }
  }
}

/**
 * Robust misfit of D = a (C - B) with a free opacity per pixel. A free opacity tolerates several marks
 * of one colour and different opacities in one region (a grid of lines under a word); the colour is still
 * pinned down because B varies from pixel to pixel. The sum only grows, so once it reaches `stopAt` the colour
 * cannot win and the rest is not summed (the misfit is then given as Infinity): the search picks the same
 * colour, at a fraction of the work on a tiled mark's hundreds of regions.
 */
function residualOf(
  data: Float32Array,
  background: Float32Array,
  c: number,
  pixels: Int32Array,
  r: number,
  g: number,
  b: number,
  stopAt: number,
): { err: number; alpha: number } {
  let err = 0;
  let sumA = 0;
  for (let n = 0; n < pixels.length; n++) {
    if ((n & 15) === 0 && err >= stopAt) return { err: Infinity, alpha: 0 };
    const o = pixels[n] * c;
    const bx = background[o];
    const by = background[o + 1];
    const bz = background[o + 2];
    const vx = r - bx;
    const vy = g - by;
    const vz = b - bz;
    const dx = data[o] - bx;
    const dy = data[o + 1] - by;
    const dz = data[o + 2] - bz;
    const vv = vx * vx + vy * vy + vz * vz;
    let a = vv > 1 ? (dx * vx + dy * vy + dz * vz) / vv : 0;
    a = a < 0 ? 0 : a > 1 ? 1 : a;
    sumA += a;
    const ex = dx - a * vx;
    const ey = dy - a * vy;
    const ez = dz - a * vz;
    err += Math.min(ex * ex + ey * ey + ez * ez, 3 * 900);
  }
  return { err, alpha: sumA / Math.max(1, pixels.length) };
}

export function alphaAt(
  data: Float32Array,
  background: Float32Array,
  o: number,
  color: number[],
  strict: boolean,
): number {
  const vx = color[0] - background[o];
  const vy = color[1] - background[o + 1];
  const vz = color[2] - background[o + 2];
  const vv = vx * vx + vy * vy + vz * vz;
  if (strict && vv < 900) return -1;
  if (vv < 1) return 0;
  const a =
    ((data[o] - background[o]) * vx +
      (data[o + 1] - background[o + 1]) * vy +
      (data[o + 2] - background[o + 2]) * vz) /
    vv;
  return a < 0 ? 0 : a > 1 ? 1 : a;
}
