/**
 * How the benchmarks and specs make a degraded copy of a photo: shrunk by block means and blurred in floating
 * point, each rounded to 8 bits as a saved file would be.
 */
export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3;
}

/** Box-filter downscale (mean of each block), rounded to 8 bits: the bench's degradation. */
export function boxDown(image: Rgb, scale: number): Rgb {
  const width = image.width / scale;
  const height = image.height / scale;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let j = 0; j < scale; j++)
          for (let i = 0; i < scale; i++)
            sum += image.data[((y * scale + j) * image.width + x * scale + i) * 3 + c];
        data[(y * width + x) * 3 + c] = Math.round(sum / (scale * scale));
      }
  return { data, width, height, channels: 3 };
}

/**
 * Gaussian blur in floating point (taps to 3 sigma, edges repeated), rounded to 8 bits: it keeps the photo's
 * brightness, which libvips' integer Gaussian (sharp's `blur`) does not (its taps sum to less than one and it
 * darkened a copy by about 3 levels at sigma 0.5).
 */
export function gaussianBlur(image: Rgb, sigma: number): Rgb {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const taps = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-0.5 * ((k - radius) / sigma) ** 2));
  const total = taps.reduce((a, b) => a + b);
  const kernel = taps.map((t) => t / total);
  const { width, height } = image;
  const pass = (src: ArrayLike<number>, along: 'x' | 'y') => {
    const out = new Float64Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let k = -radius; k <= radius; k++) {
            const sx = along === 'x' ? Math.min(width - 1, Math.max(0, x + k)) : x;
            const sy = along === 'y' ? Math.min(height - 1, Math.max(0, y + k)) : y;
            sum += kernel[k + radius] * src[(sy * width + sx) * 3 + c];
          }
          out[(y * width + x) * 3 + c] = sum;
        }
    return out;
  };
  const data = Uint8Array.from(pass(pass(image.data, 'x'), 'y'), (v) =>
    Math.min(255, Math.max(0, Math.round(v))),
  );
  return { data, width, height, channels: 3 };
}
