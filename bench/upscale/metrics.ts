/** Image quality measures on interleaved RGB (any numeric array), all on the luma (Y, BT.601 studio range). */

export function luma(rgb: ArrayLike<number>, width: number, height: number): Float64Array {
  const y = new Float64Array(width * height);
  for (let i = 0; i < y.length; i++) {
    y[i] = 16 + (65.481 * rgb[i * 3] + 128.553 * rgb[i * 3 + 1] + 24.966 * rgb[i * 3 + 2]) / 255;
  }
  return y;
}

/** Crops `border` pixels on every side, as super-resolution papers do (the scale factor). */
export function cropBorder(
  y: Float64Array,
  width: number,
  height: number,
  border: number,
): { y: Float64Array; width: number; height: number } {
  const w = width - 2 * border;
  const h = height - 2 * border;
  const out = new Float64Array(w * h);
  for (let r = 0; r < h; r++)
    out.set(y.subarray((r + border) * width + border, (r + border) * width + border + w), r * w);
  return { y: out, width: w, height: h };
}

export function psnr(a: Float64Array, b: Float64Array): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255 * a.length) / se);
}

function gaussianBlur(src: Float64Array, width: number, height: number): Float64Array {
  const radius = 5;
  const k: number[] = [];
  for (let i = -radius; i <= radius; i++) k.push(Math.exp(-(i * i) / (2 * 1.5 * 1.5)));
  const sum = k.reduce((a, b) => a + b);
  const kernel = k.map((v) => v / sum);
  const tmp = new Float64Array(src.length);
  const out = new Float64Array(src.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let i = -radius; i <= radius; i++)
        acc += kernel[i + radius] * src[y * width + Math.min(width - 1, Math.max(0, x + i))];
      tmp[y * width + x] = acc;
    }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let i = -radius; i <= radius; i++)
        acc += kernel[i + radius] * tmp[Math.min(height - 1, Math.max(0, y + i)) * width + x];
      out[y * width + x] = acc;
    }
  return out;
}

/** SSIM (Wang et al. 2004): 11x11 Gaussian window, sigma 1.5, K1 0.01, K2 0.03. */
export function ssim(a: Float64Array, b: Float64Array, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const mul = (p: Float64Array, q: Float64Array) => p.map((v, i) => v * q[i]);
  const mu1 = gaussianBlur(a, width, height);
  const mu2 = gaussianBlur(b, width, height);
  const s11 = gaussianBlur(mul(a, a), width, height);
  const s22 = gaussianBlur(mul(b, b), width, height);
  const s12 = gaussianBlur(mul(a, b), width, height);
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    const m1 = mu1[i];
    const m2 = mu2[i];
    const v1 = s11[i] - m1 * m1;
    const v2 = s22[i] - m2 * m2;
    const cov = s12[i] - m1 * m2;
    total += ((2 * m1 * m2 + c1) * (2 * cov + c2)) / ((m1 * m1 + m2 * m2 + c1) * (v1 + v2 + c2));
  }
  return total / a.length;
}

/** Mean gradient magnitude (central differences): how much fine detail an image carries. */
export function meanGradient(y: Float64Array, width: number, height: number): number {
  let total = 0;
  let n = 0;
  for (let r = 1; r < height - 1; r++)
    for (let c = 1; c < width - 1; c++) {
      const i = r * width + c;
      total += Math.hypot(y[i + 1] - y[i - 1], y[i + width] - y[i - width]) / 2;
      n++;
    }
  return total / n;
}
