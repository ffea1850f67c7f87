/**
 * JPEG block and ringing removal and noise reduction in one: translation-invariant block-DCT hard
 * thresholding (Nosratinia 2001; Guleryuz's sparsity weights). The plane is cut into 8x8 blocks on several
 * shifted grids; in each block the coefficients under that frequency's threshold are dropped, the blocks are
 * put back, and the shifted results are averaged, each block weighted by 1 / (1 + the coefficients it kept),
 * so flat blocks (where the grid shows) count more than textured ones. Thresholds come from the photo's
 * own quantisation steps, so a quality-40 photo is cleaned harder than a quality-90 one.
 */
import { dctBlock, idctBlock } from './dct';

/**
 * `thresholds[k]` for coefficient k (row-major, 0 = DC, never dropped); `step` is the shift between grids
 * (1: all 64, 2: 16, 4: 4). Returns a new plane.
 */
export function deblockPlane(
  plane: Float32Array,
  width: number,
  height: number,
  thresholds: Float32Array,
  step: number,
): Float32Array {
  const pad = 8;
  const pw = width + 2 * pad;
  const ph = height + 2 * pad;
  const padded = new Float32Array(pw * ph);
  const mirror = (i: number, n: number) => (i < 0 ? -i - 1 : i >= n ? 2 * n - i - 1 : i);
  for (let y = 0; y < ph; y++) {
    const sy = mirror(y - pad, height) * width;
    for (let x = 0; x < pw; x++) padded[y * pw + x] = plane[sy + mirror(x - pad, width)];
  }
  const acc = new Float32Array(pw * ph);
  const weight = new Float32Array(pw * ph);
  const block = new Float32Array(64);
  const coefficients = new Float32Array(64);
  for (let oy = 0; oy < 8; oy += step)
    for (let ox = 0; ox < 8; ox += step)
      for (let by = oy; by + 8 <= ph; by += 8)
        for (let bx = ox; bx + 8 <= pw; bx += 8) {
          for (let r = 0; r < 8; r++) {
            const row = (by + r) * pw + bx;
            for (let c = 0; c < 8; c++) block[r * 8 + c] = padded[row + c];
          }
          dctBlock(block, coefficients);
          let kept = 0;
          for (let k = 1; k < 64; k++) {
            if (Math.abs(coefficients[k]) < thresholds[k]) coefficients[k] = 0;
            else kept++;
          }
          if (kept) idctBlock(coefficients, block);
          else block.fill(coefficients[0] * 0.125);
          const w = 1 / (1 + kept);
          for (let r = 0; r < 8; r++) {
            const row = (by + r) * pw + bx;
            for (let c = 0; c < 8; c++) {
              acc[row + c] += w * block[r * 8 + c];
              weight[row + c] += w;
            }
          }
        }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y + pad) * pw + x + pad;
      out[y * width + x] = weight[i] > 0 ? acc[i] / weight[i] : plane[y * width + x];
    }
  return out;
}

/**
 * The noise level of a plane (standard deviation, 0..255 units) from the finest diagonal detail, as
 * Donoho's median estimator: robust to edges, which are few.
 */
export function noiseSigma(plane: Float32Array, width: number, height: number): number {
  // The median through a histogram of quarter levels: no sort over millions of values.
  const bins = new Uint32Array(1024);
  let count = 0;
  for (let y = 0; y + 1 < height; y += 2)
    for (let x = 0; x + 1 < width; x += 2) {
      const i = y * width + x;
      const v = Math.abs((plane[i] - plane[i + 1] - plane[i + width] + plane[i + width + 1]) / 2);
      bins[Math.min(1023, Math.floor(v * 4))]++;
      count++;
    }
  if (!count) return 0;
  let seen = 0;
  for (let b = 0; b < 1024; b++) {
    seen += bins[b];
    if (seen * 2 >= count) return (b + 0.5) / 4 / 0.6745;
  }
  return 1023 / 4 / 0.6745;
}
