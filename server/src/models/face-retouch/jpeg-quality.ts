/**
 * The JPEG quality a photo was last saved at, measured from its pixels: in a decoded JPEG the 8x8 DCT
 * coefficients on the original block grid sit near multiples of the quantisation steps (Fan and de Queiroz
 * 2003). The steps of the IJG tables at each quality are tried from coarse to fine; the first whose
 * multiples the coefficients fit is the answer. Works on the pixels alone, so a JPEG re-saved as PNG (a
 * screenshot, a social-media copy) is measured too; a photo that never was a JPEG, or was scaled since, fits
 * no table and answers null.
 */
import { dctBlock } from './dct';

/** IJG / JPEG Annex K luminance and chrominance tables, row by row. */
export const LUMA_TABLE = Uint8Array.from([
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
]);
export const CHROMA_TABLE = Uint8Array.from([
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
]);

/** The quantisation steps libjpeg uses for `table` at `quality` 1..100. */
export function quantTable(table: Uint8Array, quality: number): Float32Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Float32Array.from(table, (t) => Math.min(255, Math.max(1, Math.floor((t * scale + 50) / 100))));
}

/** Low and middle frequencies: populated enough to fit, and with steps large enough to tell apart. */
const PROBES = [1, 8, 9, 2, 16, 10, 17, 3, 24, 11];
const MIN_FIT = 0.7;
/** Qualities past the first that fits among which the best fit is taken. */
const REFINE = 6;

/** The estimated quality (5..95), or null when the luma fits no table. `y` is BT.601 luma 0..255. */
export function estimateJpegQuality(y: Float32Array, width: number, height: number): number | null {
  const bw = Math.floor(width / 8);
  const bh = Math.floor(height / 8);
  const blocks = bw * bh;
  if (blocks < 16) return null;
  const stride = Math.max(1, Math.floor(blocks / 6000));
  const samples: number[][] = PROBES.map(() => []);
  const block = new Float32Array(64);
  const out = new Float32Array(64);
  for (let b = 0; b < blocks; b += stride) {
    const bx = (b % bw) * 8;
    const by = Math.floor(b / bw) * 8;
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 8; c++) block[r * 8 + c] = y[(by + r) * width + bx + c] - 128;
    dctBlock(block, out);
    PROBES.forEach((k, p) => samples[p].push(out[k]));
  }
  const fit = (quality: number) => {
    const steps = quantTable(LUMA_TABLE, quality);
    let fitted = 0;
    let counted = 0;
    PROBES.forEach((k, p) => {
      const step = steps[k];
      if (step < 4) return;
      for (const c of samples[p]) {
        if (Math.abs(c) < step * 0.5) continue;
        counted++;
        const off = Math.abs(c / step - Math.round(c / step));
        if (off * step < Math.max(1.2, 0.15 * step)) fitted++;
      }
    });
    return counted >= 200 ? fitted / counted : 0;
  };
  for (let quality = 5; quality <= 95; quality++) {
    let bestFit = fit(quality);
    if (bestFit < MIN_FIT) continue;
    // Tables a few qualities apart differ by a few per cent, so the coarsest that fits may be a neighbour
    // of the true one: the best fit among the next few is.
    let best = quality;
    for (let q = quality + 1; q <= Math.min(95, quality + REFINE); q++) {
      const f = fit(q);
      if (f > bestFit) [best, bestFit] = [q, f];
    }
    return best;
  }
  return null;
}
