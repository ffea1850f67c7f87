/**
 * The guided filter's coefficients computed only where the matte varies. Where the matte is one value c
 * throughout a window's reach (2r: the fit's window and the averaging window), the fit is exactly
 * a = 0, b = c, so only the tiles whose reach holds more than one value are fitted, each on a patch padded by
 * that reach; a matte's soft band is a small part of a photo, and the statistics of the rest were the
 * largest cost of a cut-out's refinement. Inside a fitted tile the values are those of the whole-plane fit
 * (the patch's window sums start at its own top, so they may differ in the last bits of a float).
 */
import { boxMean, type GuidedCoefficients } from './guided-filter';

/** Tile side at the guide's resolution: large against the reach (4 to 6 pixels), small against a band. */
const TILE = 64;

/** `guide` interleaved 8-bit RGB and `matte` 0..1, both `width` x `height`; the same result as guidedCoefficients. */
export function sparseGuidedCoefficients(
  guide: Uint8Array,
  matte: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): GuidedCoefficients {
  const out = unfittedCoefficients(matte, width, height);
  fitTileRows({ guide, matte, width, height, r, eps, out }, 0, tileRowCount(height));
  return out;
}

/** A plane of `length` floats, zeroed (shared memory where other threads fill it). */
export type PlaneAllocator = (length: number) => Float32Array;

/** The coefficients before any tile is fitted: those of a matte constant in every window (a = 0, b = the matte). */
export function unfittedCoefficients(
  matte: Float32Array,
  width: number,
  height: number,
  plane: PlaneAllocator = (length) => new Float32Array(length),
): GuidedCoefficients {
  const b = plane(matte.length);
  b.set(matte);
  return { width, height, ar: plane(matte.length), ag: plane(matte.length), ab: plane(matte.length), b };
}

/** The sparse fit of `matte` against `guide`, written into `out` (which starts as unfittedCoefficients). */
export interface SparseFit {
  guide: Uint8Array;
  matte: Float32Array;
  width: number;
  height: number;
  r: number;
  eps: number;
  out: GuidedCoefficients;
}

/** How many rows of tiles a plane of `height` rows has. */
export const tileRowCount = (height: number) => Math.ceil(height / TILE);

/** Fits the tiles of tile rows `from` to `to` (exclusive) that need it; each writes only its own pixels. */
export function fitTileRows(
  { guide, matte, width, height, r, eps, out }: SparseFit,
  from: number,
  to: number,
): void {
  const reach = 2 * r;
  for (let ty = from * TILE; ty < Math.min(height, to * TILE); ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const core = { x0: tx, y0: ty, x1: Math.min(tx + TILE, width), y1: Math.min(ty + TILE, height) };
      const patch = {
        x0: Math.max(0, core.x0 - reach),
        y0: Math.max(0, core.y0 - reach),
        x1: Math.min(width, core.x1 + reach),
        y1: Math.min(height, core.y1 + reach),
      };
      if (isConstant(matte, width, patch)) continue;
      fitPatch(guide, matte, width, patch, core, r, eps, out);
    }
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function isConstant(plane: Float32Array, width: number, box: Box): boolean {
  const first = plane[box.y0 * width + box.x0];
  for (let y = box.y0; y < box.y1; y++) {
    for (let i = y * width + box.x0, end = y * width + box.x1; i < end; i++) {
      if (plane[i] !== first) return false;
    }
  }
  return true;
}

/** Window sums kept per column: R G B, RR RG RB GG GB BB, P, RP GP BP. */
const SUMS = 13;

/** Adds (sign 1) or takes away (-1) one row of pixels, starting at `from`, to the column sums. */
function addRow(
  columns: Float64Array,
  guide: Uint8Array,
  matte: Float32Array,
  from: number,
  length: number,
  sign: number,
): void {
  for (let x = 0, c = 0, j = from * 3; x < length; x++, c += SUMS, j += 3) {
    const r = guide[j] / 255;
    const g = guide[j + 1] / 255;
    const b = guide[j + 2] / 255;
    const p = matte[from + x];
    // The signed colours: each product below then needs one factor signed.
    const sr = sign * r;
    const sg = sign * g;
    const sb = sign * b;
    columns[c] += sr;
    columns[c + 1] += sg;
    columns[c + 2] += sb;
    columns[c + 3] += sr * r;
    columns[c + 4] += sr * g;
    columns[c + 5] += sr * b;
    columns[c + 6] += sg * g;
    columns[c + 7] += sg * b;
    columns[c + 8] += sb * b;
    columns[c + 9] += sign * p;
    columns[c + 10] += sr * p;
    columns[c + 11] += sg * p;
    columns[c + 12] += sb * p;
  }
}

/**
 * Fits the patch on its own and writes the averaged coefficients of its core into `out`. The patch is the
 * core padded by 2r (cut at the photo's edges only), so every window the core's values depend on lies inside
 * it. One pass gathers all 13 window sums from running column sums (no plane per statistic), fits each window
 * where the core's average needs it (the core padded by r), then averages those fits over the core.
 */
function fitPatch(
  guide: Uint8Array,
  matte: Float32Array,
  width: number,
  patch: Box,
  core: Box,
  r: number,
  eps: number,
  out: GuidedCoefficients,
): void {
  const pw = patch.x1 - patch.x0;
  const ph = patch.y1 - patch.y0;
  // Where the windows are fitted, in patch coordinates: the core padded by r.
  const nx0 = Math.max(0, core.x0 - patch.x0 - r);
  const nx1 = Math.min(pw, core.x1 - patch.x0 + r);
  const ny0 = Math.max(0, core.y0 - patch.y0 - r);
  const ny1 = Math.min(ph, core.y1 - patch.y0 + r);
  const nw = nx1 - nx0;
  const fits = [0, 1, 2, 3].map(() => new Float32Array(nw * (ny1 - ny0)));
  const [far, fag, fab, fb] = fits;
  const columns = new Float64Array(pw * SUMS);
  const totals = new Float64Array((pw + 1) * SUMS);
  for (let y = Math.max(0, ny0 - r); y <= Math.min(ph - 1, ny0 + r); y++) {
    addRow(columns, guide, matte, (patch.y0 + y) * width + patch.x0, pw, 1);
  }
  for (let y = ny0; y < ny1; y++) {
    if (y > ny0) {
      if (y + r < ph) addRow(columns, guide, matte, (patch.y0 + y + r) * width + patch.x0, pw, 1);
      if (y - r - 1 >= 0) addRow(columns, guide, matte, (patch.y0 + y - r - 1) * width + patch.x0, pw, -1);
    }
    const rows = Math.min(ph - 1, y + r) - Math.max(0, y - r) + 1;
    // Running totals of the column sums along the row: a window's sums are two totals apart.
    for (let x = 0, c = 0; x < pw; x++, c += SUMS) {
      for (let k = 0; k < SUMS; k++) totals[c + SUMS + k] = totals[c + k] + columns[c + k];
    }
    for (let x = nx0, o = (y - ny0) * nw; x < nx1; x++, o++) {
      const lo = Math.max(0, x - r) * SUMS;
      const hi = (Math.min(pw - 1, x + r) + 1) * SUMS;
      const s0 = totals[hi] - totals[lo];
      const s1 = totals[hi + 1] - totals[lo + 1];
      const s2 = totals[hi + 2] - totals[lo + 2];
      const s3 = totals[hi + 3] - totals[lo + 3];
      const s4 = totals[hi + 4] - totals[lo + 4];
      const s5 = totals[hi + 5] - totals[lo + 5];
      const s6 = totals[hi + 6] - totals[lo + 6];
      const s7 = totals[hi + 7] - totals[lo + 7];
      const s8 = totals[hi + 8] - totals[lo + 8];
      const s9 = totals[hi + 9] - totals[lo + 9];
      const s10 = totals[hi + 10] - totals[lo + 10];
      const s11 = totals[hi + 11] - totals[lo + 11];
      const s12 = totals[hi + 12] - totals[lo + 12];
      const count = 1 / (rows * (Math.min(pw - 1, x + r) - Math.max(0, x - r) + 1));
      const mr = s0 * count;
      const mg = s1 * count;
      const mb = s2 * count;
      const rr = s3 * count - mr * mr + eps;
      const rg = s4 * count - mr * mg;
      const rb = s5 * count - mr * mb;
      const gg = s6 * count - mg * mg + eps;
      const gb = s7 * count - mg * mb;
      const bb = s8 * count - mb * mb + eps;
      const mp = s9 * count;
      const pr = s10 * count - mr * mp;
      const pg = s11 * count - mg * mp;
      const pb = s12 * count - mb * mp;
      // The regularised covariance's inverse by cofactors, times the colour-matte covariance.
      const i00 = gg * bb - gb * gb;
      const i01 = gb * rb - rg * bb;
      const i02 = rg * gb - gg * rb;
      const i11 = rr * bb - rb * rb;
      const i12 = rb * rg - rr * gb;
      const i22 = rr * gg - rg * rg;
      const det = rr * i00 + rg * i01 + rb * i02;
      const a0 = (i00 * pr + i01 * pg + i02 * pb) / det;
      const a1 = (i01 * pr + i11 * pg + i12 * pb) / det;
      const a2 = (i02 * pr + i12 * pg + i22 * pb) / det;
      far[o] = a0;
      fag[o] = a1;
      fab[o] = a2;
      fb[o] = mp - a0 * mr - a1 * mg - a2 * mb;
    }
  }
  // The core's coefficients: each window's fit averaged over the windows that hold the pixel.
  const nh = ny1 - ny0;
  const planes = [out.ar, out.ag, out.ab, out.b];
  fits.forEach((fit, f) => {
    const mean = boxMean(fit, nw, nh, r);
    const plane = planes[f];
    for (let y = core.y0; y < core.y1; y++) {
      const from = (y - patch.y0 - ny0) * nw + (core.x0 - patch.x0 - nx0);
      plane.set(mean.subarray(from, from + core.x1 - core.x0), y * width + core.x0);
    }
  });
}
