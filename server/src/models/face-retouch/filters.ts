/** Small filters on float planes for the retouch: blurs and a self-guided (edge-preserving) smoother. */
import { boxMean } from '../guided-filter/guided-filter';

/** Three box passes: close to a Gaussian of sigma about r (r >= 1). */
export function blur(plane: Float32Array, width: number, height: number, r: number): Float32Array {
  const k = Math.max(1, Math.round(r * 0.82));
  return boxMean(boxMean(boxMean(plane, width, height, k), width, height, k), width, height, k);
}

/**
 * He et al.'s guided filter with the plane as its own guide: smooths where the local variance is under `eps`
 * (levels squared) and keeps edges where it is above. The result is the base layer of a frequency separation.
 */
export function selfGuided(
  plane: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): Float32Array {
  const n = plane.length;
  const mean = boxMean(plane, width, height, r);
  const sq = new Float32Array(n);
  for (let i = 0; i < n; i++) sq[i] = plane[i] * plane[i];
  const meanSq = boxMean(sq, width, height, r);
  const a = sq;
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const variance = Math.max(0, meanSq[i] - mean[i] * mean[i]);
    a[i] = variance / (variance + eps);
    b[i] = mean[i] * (1 - a[i]);
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = meanA[i] * plane[i] + meanB[i];
  return out;
}

/** A true Gaussian of `sigma` (taps to 3 sigma, edges repeated), for the small sigmas box passes cannot give. */
export function gaussian(plane: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const taps = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-0.5 * ((k - radius) / sigma) ** 2));
  const total = taps.reduce((a, b) => a + b);
  const kernel = taps.map((t) => t / total);
  const across = new Float32Array(plane.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = -radius; k <= radius; k++)
        v += kernel[k + radius] * plane[y * width + Math.min(width - 1, Math.max(0, x + k))];
      across[y * width + x] = v;
    }
  const out = new Float32Array(plane.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let k = -radius; k <= radius; k++)
        v += kernel[k + radius] * across[Math.min(height - 1, Math.max(0, y + k)) * width + x];
      out[y * width + x] = v;
    }
  return out;
}
