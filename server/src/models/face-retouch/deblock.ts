/**
 * JPEG block and ringing removal and noise reduction in one: translation-invariant block-DCT filtering
 * (Nosratinia 2001; Guleryuz's sparsity weights). The plane is cut into 8x8 blocks on several shifted grids;
 * each block's coefficients are shrunk, the blocks are put back, and the shifted results are averaged, each
 * block weighted by 1 / (1 + the coefficients it kept), so flat blocks (where the grid shows) count more than
 * textured ones. The shrinkage is a hard threshold: from the photo's own quantisation steps for its colour (a
 * quality-40 photo is cleaned harder than a quality-90 one), from its noise level for a photo without a grid.
 */
import { dctBlock, idctBlock } from './dct';

/** Shrinks one block's coefficients in place and returns how many it kept. */
type Shrink = (coefficients: Float32Array) => number;

const mirror = (i: number, n: number) => (i < 0 ? -i - 1 : i >= n ? 2 * n - i - 1 : i);
const PAD = 8;

function padded(plane: Float32Array, width: number, height: number): Float32Array {
  const pw = width + 2 * PAD;
  const ph = height + 2 * PAD;
  const out = new Float32Array(pw * ph);
  for (let y = 0; y < ph; y++) {
    const sy = mirror(y - PAD, height) * width;
    for (let x = 0; x < pw; x++) out[y * pw + x] = plane[sy + mirror(x - PAD, width)];
  }
  return out;
}

/** The shifted-grid filter: `step` is the shift between grids (1: all 64, 2: 16, 4: 4). Returns a new plane. */
function filterShiftedBlocks(
  plane: Float32Array,
  width: number,
  height: number,
  step: number,
  shrink: Shrink,
): Float32Array {
  const pw = width + 2 * PAD;
  const ph = height + 2 * PAD;
  const source = padded(plane, width, height);
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
            for (let c = 0; c < 8; c++) block[r * 8 + c] = source[row + c];
          }
          dctBlock(block, coefficients);
          const kept = shrink(coefficients);
          // No AC coefficient left: the block is its mean, no inverse transform needed.
          if (kept > 0) idctBlock(coefficients, block);
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
      const i = (y + PAD) * pw + x + PAD;
      out[y * width + x] = weight[i] > 0 ? acc[i] / weight[i] : plane[y * width + x];
    }
  return out;
}

/**
 * Hard thresholding: `thresholds[k]` for coefficient k (row-major, 0 = DC, never dropped); `step` as in
 * filterShiftedBlocks. Returns a new plane.
 */
export function deblockPlane(
  plane: Float32Array,
  width: number,
  height: number,
  thresholds: Float32Array,
  step: number,
): Float32Array {
  return filterShiftedBlocks(plane, width, height, step, (c) => {
    let kept = 0;
    for (let k = 1; k < 64; k++) {
      if (Math.abs(c[k]) < thresholds[k]) c[k] = 0;
      else kept++;
    }
    return kept;
  });
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
