import { harmonicFill } from '../inpaint/poisson';
import type { Bitmap } from '../../lib/image/bitmap';

/**
 * The mark's opacity and overlay from the whole batch. Each photo is seen as J = (1 - a) I + a W, with a and
 * aW the same on every photo. The photo under the mark, I, is guessed by a membrane fill of each aligned
 * crop from the rim of the mark's support; the guess is wrong in its detail, but its errors do not follow
 * the guess itself, so a regression of J on it across the photos is unbiased: its slope is 1 - a and its
 * intercept aW, per pixel (the slope pooled over a small window inside the support, where the opacity of a
 * mark is nearly flat). This replaces Dekel et al.'s iterative multi-image matting with one closed form.
 */
export interface Matte {
  width: number;
  height: number;
  /** Opacity 0..MAX_ALPHA, 0 outside the support. */
  alpha: Float32Array;
  /** a * W per channel (interleaved RGB), 0 outside the support. */
  overlay: Float32Array;
}

export const MAX_ALPHA = 0.95;
/** Opacities below this are the regression's noise, not a mark. */
const MIN_ALPHA = 0.02;
/** Samples at the ends of the range were clipped: the blend does not hold for them. */
const CLIPPED_LOW = 1;
const CLIPPED_HIGH = 254;
/** How far apart (levels, per channel) two pixels' batch means may be and still share their slope. */
const POOL_SIGMA = 6;

export function estimateMatte(
  crops: Float32Array[],
  support: Bitmap,
  width: number,
  height: number,
  pool = 6,
): Matte {
  const n = crops.length;
  const size = width * height;
  const guesses = crops.map((crop) => {
    const guess = crop.slice();
    harmonicFill(guess, support, width, height, 3);
    return guess;
  });
  const sxy = new Float64Array(size);
  const sxx = new Float64Array(size);
  const meanJ = new Float64Array(size * 3);
  const meanI = new Float64Array(size * 3);
  const usable = new Uint8Array(n);
  for (let p = 0; p < size; p++) {
    if (!support[p]) continue;
    let count = 0;
    for (let k = 0; k < n; k++) {
      const o = p * 3;
      const j = crops[k];
      const ok = [0, 1, 2].every((ch) => j[o + ch] > CLIPPED_LOW && j[o + ch] < CLIPPED_HIGH);
      usable[k] = ok ? 1 : 0;
      if (!ok) continue;
      count++;
      for (let ch = 0; ch < 3; ch++) {
        meanJ[o + ch] += j[o + ch];
        meanI[o + ch] += guesses[k][o + ch];
      }
    }
    if (count < 3) continue;
    for (let ch = 0; ch < 3; ch++) {
      meanJ[p * 3 + ch] /= count;
      meanI[p * 3 + ch] /= count;
    }
    for (let k = 0; k < n; k++) {
      if (!usable[k]) continue;
      for (let ch = 0; ch < 3; ch++) {
        const o = p * 3 + ch;
        const di = guesses[k][o] - meanI[o];
        sxy[p] += di * (crops[k][o] - meanJ[o]);
        sxx[p] += di * di;
      }
    }
  }
  const alpha = new Float32Array(size);
  const overlay = new Float32Array(size * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!support[p]) continue;
      let xy = 0;
      let xx = 0;
      // Pooled with the neighbours the batch's mean shows alike: the mark's interior, not across its edge.
      for (let dy = -pool; dy <= pool; dy++)
        for (let dx = -pool; dx <= pool; dx++) {
          const qx = x + dx;
          const qy = y + dy;
          if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
          const q = qy * width + qx;
          if (!support[q]) continue;
          let d2 = 0;
          for (let ch = 0; ch < 3; ch++) d2 += (meanJ[p * 3 + ch] - meanJ[q * 3 + ch]) ** 2;
          const weight = Math.exp(-d2 / (2 * 3 * POOL_SIGMA * POOL_SIGMA));
          xy += weight * sxy[q];
          xx += weight * sxx[q];
        }
      if (xx <= 0) continue;
      const a = Math.min(MAX_ALPHA, Math.max(0, 1 - xy / xx));
      if (a < MIN_ALPHA) continue;
      alpha[p] = a;
      for (let ch = 0; ch < 3; ch++) overlay[p * 3 + ch] = meanJ[p * 3 + ch] - (1 - a) * meanI[p * 3 + ch];
    }
  return { width, height, alpha, overlay };
}
