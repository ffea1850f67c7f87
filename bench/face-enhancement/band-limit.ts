/**
 * What a degraded copy can still carry of the truth, for the face bench's reference rows: the truth's luma
 * held to the frequencies a half-size copy has, and a half-size copy enlarged with nothing added above them.
 */

/** Taps each side of the low-pass filter: enough for a sharp cut at a quarter of the sampling rate. */
const RADIUS = 24;

/**
 * Separable windowed-sinc low-pass (Blackman window) of a luma plane, edges repeated: frequencies up to
 * `cutoff` cycles per pixel pass, those above are removed.
 */
export function lowPass(y: Float64Array, width: number, height: number, cutoff: number): Float64Array {
  const taps = Array.from({ length: 2 * RADIUS + 1 }, (_, j) => {
    const k = j - RADIUS;
    const sinc = k === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * k) / (Math.PI * k);
    const window =
      0.42 + 0.5 * Math.cos((Math.PI * k) / RADIUS) + 0.08 * Math.cos((2 * Math.PI * k) / RADIUS);
    return sinc * window;
  });
  const total = taps.reduce((a, b) => a + b);
  const kernel = taps.map((t) => t / total);
  const pass = (src: Float64Array, step: number, length: number, lines: number, lineStep: number) => {
    const out = new Float64Array(src.length);
    for (let line = 0; line < lines; line++)
      for (let p = 0; p < length; p++) {
        let sum = 0;
        for (let k = -RADIUS; k <= RADIUS; k++)
          sum += kernel[k + RADIUS] * src[line * lineStep + Math.min(length - 1, Math.max(0, p + k)) * step];
        out[line * lineStep + p * step] = sum;
      }
    return out;
  };
  return pass(pass(y, 1, width, height, width), width, height, width, 1);
}

/**
 * A luma plane enlarged 2x with nothing above its own band: each sample placed on the larger grid, the rest
 * zero, then low-passed to the small plane's band. The samples sit at the top-left of their 2x2 blocks, half a
 * pixel from where a box shrink's means belong: right for gradient energy, not for PSNR.
 */
export function enlargeWithinBand(small: Float64Array, width: number, height: number): Float64Array {
  const big = new Float64Array(4 * width * height);
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) big[2 * r * 2 * width + 2 * c] = 4 * small[r * width + c];
  return lowPass(big, 2 * width, 2 * height, 0.25);
}
