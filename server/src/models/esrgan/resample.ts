/**
 * Centred resampling on interleaved float pixels, the classical half of the upscaler.
 *
 * Pixel centres sit at (i + 0.5) in both grids, as in OpenCV's resize, so output pixel X of an s-times
 * enlargement reads source position (X + 0.5) / s - 0.5. (sharp/libvips enlarge with a half-pixel offset;
 * that costs about 3 dB at 2x against a centred reference, so it is not used here.)
 */

export interface FloatImage {
  /** Interleaved channels, row-major. */
  data: Float32Array;
  width: number;
  height: number;
  channels: number;
}

const LANCZOS_A = 4;

function lanczos(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= LANCZOS_A) return 0;
  const px = Math.PI * x;
  return (LANCZOS_A * Math.sin(px) * Math.sin(px / LANCZOS_A)) / (px * px);
}

/** Per output phase: first source offset relative to the source pixel, and normalised tap weights. */
function phases(scale: number): { start: number; weights: Float32Array }[] {
  const out: { start: number; weights: Float32Array }[] = [];
  for (let p = 0; p < scale; p++) {
    const u = (p + 0.5) / scale - 0.5;
    const base = Math.floor(u);
    const start = base - LANCZOS_A + 1;
    const weights = new Float32Array(2 * LANCZOS_A);
    let sum = 0;
    for (let k = 0; k < weights.length; k++) {
      weights[k] = lanczos(u - (start + k));
      sum += weights[k];
    }
    for (let k = 0; k < weights.length; k++) weights[k] /= sum;
    out.push({ start, weights });
  }
  return out;
}

/** Centred Lanczos-4 enlargement by an integer factor (the same kernel as OpenCV's INTER_LANCZOS4), edges clamped. */
export function lanczosUpscale(src: FloatImage, scale: number): FloatImage {
  const { width: w, height: h, channels: c } = src;
  const W = w * scale;
  const H = h * scale;
  const ph = phases(scale);
  const taps = 2 * LANCZOS_A;
  // Horizontal pass into a w*scale x h buffer, then vertical.
  const mid = new Float32Array(W * h * c);
  for (let y = 0; y < h; y++) {
    const row = y * w * c;
    for (let X = 0; X < W; X++) {
      const { start, weights } = ph[X % scale];
      const x0 = Math.floor(X / scale) + start;
      for (let ch = 0; ch < c; ch++) {
        let acc = 0;
        for (let k = 0; k < taps; k++) {
          const x = Math.min(w - 1, Math.max(0, x0 + k));
          acc += weights[k] * src.data[row + x * c + ch];
        }
        mid[(y * W + X) * c + ch] = acc;
      }
    }
  }
  const out = new Float32Array(W * H * c);
  const rowLen = W * c;
  for (let Y = 0; Y < H; Y++) {
    const { start, weights } = ph[Y % scale];
    const y0 = Math.floor(Y / scale) + start;
    const o = Y * rowLen;
    for (let k = 0; k < taps; k++) {
      const y = Math.min(h - 1, Math.max(0, y0 + k));
      const wk = weights[k];
      const m = y * rowLen;
      for (let i = 0; i < rowLen; i++) out[o + i] += wk * mid[m + i];
    }
  }
  return { data: out, width: W, height: H, channels: c };
}

/** Mean over each scale x scale block: the degradation (area averaging) that back-projection inverts. */
export function boxDownscale(src: FloatImage, scale: number): FloatImage {
  const { channels: c } = src;
  const w = Math.floor(src.width / scale);
  const h = Math.floor(src.height / scale);
  const out = new Float32Array(w * h * c);
  const norm = 1 / (scale * scale);
  for (let y = 0; y < h; y++)
    for (let j = 0; j < scale; j++) {
      const srcRow = (y * scale + j) * src.width * c;
      for (let x = 0; x < w; x++)
        for (let i = 0; i < scale; i++) {
          const s = srcRow + (x * scale + i) * c;
          const d = (y * w + x) * c;
          for (let ch = 0; ch < c; ch++) out[d + ch] += src.data[s + ch] * norm;
        }
    }
  return { data: out, width: w, height: h, channels: c };
}
