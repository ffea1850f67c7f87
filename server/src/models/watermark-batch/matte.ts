import { harmonicFill } from '../inpaint/poisson';
import type { Bitmap } from '../../lib/image/bitmap';

/**
 * The mark's opacity and overlay from the whole batch. Each photo is seen as J = (1 - a) I + a W, with a and
 * aW the same on every photo, so across the photos J spreads (1 - a) times as much as the photos themselves
 * do, and its mean is (1 - a) times theirs plus aW. How the photos spread and what their mean is without the
 * mark varies smoothly over a frame, unlike any one photo: under the mark both are taken as a membrane from the
 * support's rim. The spreads are pooled over a window, weighted by likeness of the batch's mean so the window
 * does not cross the mark's edge. This replaces Dekel et al.'s iterative multi-image matting with a closed form.
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
/** Opacities below this are the estimate's noise, not a mark. */
const MIN_ALPHA = 0.02;
/** How far apart (levels, per channel) two pixels' batch means may be and still pool their spreads. */
const POOL_SIGMA = 6;
const POOL_RADIUS = 6;

export function estimateMatte(crops: Float32Array[], support: Bitmap, width: number, height: number): Matte {
  const { mean, spread } = batchSpread(crops, width, height);
  const spreadWithout = spread.slice();
  harmonicFill(spreadWithout, support, width, height, 1);
  const meanWithout = mean.slice();
  harmonicFill(meanWithout, support, width, height, 3);

  const alpha = new Float32Array(width * height);
  const overlay = new Float32Array(width * height * 3);
  const r = POOL_RADIUS;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!support[p]) continue;
      let marked = 0;
      let without = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const qx = x + dx;
          const qy = y + dy;
          if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
          const q = qy * width + qx;
          if (!support[q]) continue;
          let d2 = 0;
          for (let ch = 0; ch < 3; ch++) d2 += (mean[p * 3 + ch] - mean[q * 3 + ch]) ** 2;
          const weight = Math.exp(-d2 / (2 * 3 * POOL_SIGMA * POOL_SIGMA));
          marked += weight * spread[q];
          without += weight * spreadWithout[q];
        }
      if (without <= 0) continue;
      const a = Math.min(MAX_ALPHA, Math.max(0, 1 - Math.sqrt(marked / without)));
      if (a < MIN_ALPHA) continue;
      alpha[p] = a;
      for (let ch = 0; ch < 3; ch++)
        overlay[p * 3 + ch] = mean[p * 3 + ch] - (1 - a) * meanWithout[p * 3 + ch];
    }
  return { width, height, alpha, overlay };
}

/** The photos' mean at each pixel (RGB) and their variance across the batch (summed over channels). */
function batchSpread(crops: Float32Array[], width: number, height: number) {
  const n = crops.length;
  const mean = new Float32Array(width * height * 3);
  const spread = new Float32Array(width * height);
  for (let o = 0; o < mean.length; o++) {
    let sum = 0;
    let squares = 0;
    for (const crop of crops) {
      sum += crop[o];
      squares += crop[o] * crop[o];
    }
    mean[o] = sum / n;
    spread[(o - (o % 3)) / 3] += Math.max(0, squares / n - mean[o] * mean[o]);
  }
  return { mean, spread };
}
