import type { RawImage } from '../../lib/image/raw-image';

/** Horizontal and vertical luma differences of one photo (central, halved), width * height each. */
export interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
  width: number;
  height: number;
}

export function luma(image: RawImage): Float32Array {
  const { width: w, height: h, channels: c, data } = image;
  const out = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    out[i] = c >= 3 ? 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2] : data[i * c];
  return out;
}

export function lumaGradients(image: RawImage): Gradients {
  const { width: w, height: h } = image;
  const l = luma(image);
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      gx[i] = x > 0 && x < w - 1 ? (l[i + 1] - l[i - 1]) / 2 : 0;
      gy[i] = y > 0 && y < h - 1 ? (l[i + w] - l[i - w]) / 2 : 0;
    }
  return { gx, gy, width: w, height: h };
}

/**
 * The per-pixel median over the photos of each gradient component (Dekel et al. 2017): a photo's own edges
 * fall anywhere, the mark's fall in the same place on every photo, so the median keeps only the mark's.
 */
export function medianGradients(stack: Gradients[]): Gradients {
  const { width: w, height: h } = stack[0];
  const n = stack.length;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const values = new Float32Array(n);
  for (const [from, to] of [
    ['gx', gx],
    ['gy', gy],
  ] as const) {
    for (let i = 0; i < w * h; i++) {
      for (let k = 0; k < n; k++) values[k] = stack[k][from][i];
      values.sort();
      to[i] = n % 2 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
  }
  return { gx, gy, width: w, height: h };
}
