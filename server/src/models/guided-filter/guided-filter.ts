/**
 * Fast colour guided filter (He, Sun and Tang 2013; He and Sun 2015, "Fast Guided Filter"): fits, in each
 * window of a low-resolution guide, a local linear model `q = a . I + b` from the guide's colour to a rough
 * matte, then evaluates the averaged model against the full-resolution photo. The matte's edges then follow
 * the photo's own edges (hair, fur) at full resolution, while all the statistics stay at low resolution:
 * memory is O(low-res) plus one output byte per full-resolution pixel.
 */

/**
 * A window mean with a square radius `r`, clamped at the borders (the mean over the pixels inside). Columns
 * first into the output, then each row in place from a copy of it: one plane allocated, running sums, and a
 * multiplication by the window's reciprocal size instead of a division per pixel.
 */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(src.length);
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) sums[x] += src[i];
  }
  for (let y = 0; y < height; y++) {
    const add = y > 0 && y + r < height ? (y + r) * width : -1;
    const drop = y > 0 && y - r - 1 >= 0 ? (y - r - 1) * width : -1;
    const scale = 1 / (Math.min(y + r, height - 1) - Math.max(y - r, 0) + 1);
    const o = y * width;
    if (add >= 0 && drop >= 0) {
      for (let x = 0; x < width; x++) {
        const s = sums[x] + src[add + x] - src[drop + x];
        sums[x] = s;
        out[o + x] = s * scale;
      }
    } else {
      if (add >= 0) for (let x = 0; x < width; x++) sums[x] += src[add + x];
      if (drop >= 0) for (let x = 0; x < width; x++) sums[x] -= src[drop + x];
      for (let x = 0; x < width; x++) out[o + x] = sums[x] * scale;
    }
  }
  const row = new Float64Array(width);
  const scales = new Float64Array(width);
  for (let x = 0; x < width; x++) scales[x] = 1 / (Math.min(x + r, width - 1) - Math.max(x - r, 0) + 1);
  const head = Math.min(r, width - 1);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) row[x] = out[o + x];
    let sum = 0;
    for (let x = 0; x <= head; x++) sum += row[x];
    out[o] = sum * scales[0];
    // Interior: both ends of the window inside the row.
    const inner = Math.min(width - r, width);
    let x = 1;
    for (; x <= r && x < width; x++) {
      if (x + r < width) sum += row[x + r];
      out[o + x] = sum * scales[x];
    }
    for (; x < inner; x++) {
      sum += row[x + r] - row[x - r - 1];
      out[o + x] = sum * scales[x];
    }
    for (; x < width; x++) {
      sum -= row[x - r - 1];
      out[o + x] = sum * scales[x];
    }
  }
  return out;
}

/** Averaged linear coefficients at low resolution: alpha ~ ar*R + ag*G + ab*B + b, colours in 0..1. */
export interface GuidedCoefficients {
  width: number;
  height: number;
  ar: Float32Array;
  ag: Float32Array;
  ab: Float32Array;
  b: Float32Array;
}

/**
 * What the fit needs from the guide alone, whatever the matte: its window means and the inverse of its
 * regularised colour covariance per window. Computed apart so a caller can prepare it while the matte is
 * still being predicted.
 */
export interface GuideStatistics {
  width: number;
  height: number;
  r: number;
  /** The guide's planes, colours in 0..1. */
  R: Float32Array;
  G: Float32Array;
  B: Float32Array;
  mR: Float32Array;
  mG: Float32Array;
  mB: Float32Array;
  /** The symmetric inverse covariance, entries 00 01 02 11 12 22 (not divided by the determinant). */
  inverse: Float32Array[];
  det: Float32Array;
}

/** `guide` is interleaved 8-bit RGB; `eps` regularises toward a plain blur of the matte where it is flat. */
export function guideStatistics(
  guide: Uint8Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): GuideStatistics {
  const n = width * height;
  const R = new Float32Array(n);
  const G = new Float32Array(n);
  const B = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    R[i] = guide[j] / 255;
    G[i] = guide[j + 1] / 255;
    B[i] = guide[j + 2] / 255;
  }
  const product = (u: Float32Array, v: Float32Array) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = u[i] * v[i];
    return boxMean(out, width, height, r);
  };
  const mR = boxMean(R, width, height, r);
  const mG = boxMean(G, width, height, r);
  const mB = boxMean(B, width, height, r);
  const vRR = product(R, R);
  const vRG = product(R, G);
  const vRB = product(R, B);
  const vGG = product(G, G);
  const vGB = product(G, B);
  const vBB = product(B, B);
  // The covariance planes become the inverse's, in place, to keep the peak at ~15 planes.
  const det = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mr = mR[i];
    const mg = mG[i];
    const mb = mB[i];
    const rr = vRR[i] - mr * mr + eps;
    const rg = vRG[i] - mr * mg;
    const rb = vRB[i] - mr * mb;
    const gg = vGG[i] - mg * mg + eps;
    const gb = vGB[i] - mg * mb;
    const bb = vBB[i] - mb * mb + eps;
    // Inverse of the symmetric 3x3 covariance by cofactors.
    const i00 = gg * bb - gb * gb;
    const i01 = gb * rb - rg * bb;
    const i02 = rg * gb - gg * rb;
    vRR[i] = i00;
    vRG[i] = i01;
    vRB[i] = i02;
    vGG[i] = rr * bb - rb * rb;
    vGB[i] = rb * rg - rr * gb;
    vBB[i] = rr * gg - rg * rg;
    det[i] = rr * i00 + rg * i01 + rb * i02;
  }
  return { width, height, r, R, G, B, mR, mG, mB, inverse: [vRR, vRG, vRB, vGG, vGB, vBB], det };
}

/** The fit of `matte` (0..1, the guide's size) against prepared guide statistics. */
export function fitGuided(stats: GuideStatistics, matte: Float32Array): GuidedCoefficients {
  const { width, height, r, R, G, B, mR, mG, mB, det } = stats;
  const [i00, i01, i02, i11, i12, i22] = stats.inverse;
  const n = width * height;
  const product = (u: Float32Array) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = u[i] * matte[i];
    return boxMean(out, width, height, r);
  };
  const mP = boxMean(matte, width, height, r);
  const cRP = product(R);
  const cGP = product(G);
  const cBP = product(B);
  // Reuse the product buffers for the per-window coefficients.
  const ar = cRP;
  const ag = cGP;
  const ab = cBP;
  const b = mP;
  for (let i = 0; i < n; i++) {
    const mr = mR[i];
    const mg = mG[i];
    const mb = mB[i];
    const mp = mP[i];
    const pr = cRP[i] - mr * mp;
    const pg = cGP[i] - mg * mp;
    const pb = cBP[i] - mb * mp;
    const a0 = (i00[i] * pr + i01[i] * pg + i02[i] * pb) / det[i];
    const a1 = (i01[i] * pr + i11[i] * pg + i12[i] * pb) / det[i];
    const a2 = (i02[i] * pr + i12[i] * pg + i22[i] * pb) / det[i];
    ar[i] = a0;
    ag[i] = a1;
    ab[i] = a2;
    b[i] = mp - a0 * mr - a1 * mg - a2 * mb;
  }
  return {
    width,
    height,
    ar: boxMean(ar, width, height, r),
    ag: boxMean(ag, width, height, r),
    ab: boxMean(ab, width, height, r),
    b: boxMean(b, width, height, r),
  };
}

/**
 * `guide` is interleaved 8-bit RGB and `matte` 0..1, both `width` x `height`. `eps` regularises toward a
 * plain blur of the matte where the guide has no contrast (colours scaled to 0..1, so eps is a variance).
 */
export function guidedCoefficients(
  guide: Uint8Array,
  matte: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): GuidedCoefficients {
  return fitGuided(guideStatistics(guide, width, height, r, eps), matte);
}

/** An 8-bit matte whose decision the refined alpha must keep, at any size. */
export interface MattePrior {
  data: Uint8Array;
  width: number;
  height: number;
  /**
   * How its pixels sit on the photo: corner-aligned (pixel x at photo x * width / photoWidth, the grid of
   * ISNet's square in IMG.LY's pipeline) or centred (pixel centres spread evenly, as most resizers do).
   */
  cornerAligned: boolean;
}

/**
 * How far the refined alpha may stray from the prior where the prior is nearly certain: at most
 * prior / PRIOR_BAND opaque, at least 1 - (1 - prior) / PRIOR_BAND. Where the prior is 0 or 1 the result is
 * too; from 5 % to 95 % only the side of one half is kept.
 */
export const PRIOR_BAND = 0.05;

/** Source positions of the destination pixels along one axis: lower index, upper index, weight of the upper. */
function axisTaps(dst: number, src: number, cornerAligned: boolean) {
  const i0 = new Int32Array(dst);
  const i1 = new Int32Array(dst);
  const f = new Float32Array(dst);
  for (let x = 0; x < dst; x++) {
    const s = cornerAligned ? (x * src) / dst : ((x + 0.5) * src) / dst - 0.5;
    const c = Math.min(Math.max(s, 0), src - 1);
    i0[x] = Math.floor(c);
    i1[x] = Math.min(i0[x] + 1, src - 1);
    f[x] = c - i0[x];
  }
  return { i0, i1, f };
}

/**
 * Evaluates the coefficients, bilinearly upsampled with centred pixels, against the full-resolution
 * interleaved RGB photo, one output row at a time; returns 8-bit alpha. With a `prior` (the matte the
 * coefficients were fitted to), the result keeps the prior's decision: it is above one half exactly where
 * the bilinearly upsampled prior is, and within the PRIOR_BAND envelope of it where that is nearly 0 or 1.
 * The filter then only moves and sharpens the edge inside the prior's own uncertain band.
 */
export function applyGuidedCoefficients(
  coefficients: GuidedCoefficients,
  rgb: Uint8Array,
  width: number,
  height: number,
  prior?: MattePrior,
): Uint8Array {
  const out = new Uint8Array(width * height);
  applyGuidedRows({ coefficients, rgb, width, height, prior, out }, 0, height);
  return out;
}

/** applyGuidedCoefficients' arguments, with the alpha it writes. */
export interface GuidedApply {
  coefficients: GuidedCoefficients;
  rgb: Uint8Array;
  width: number;
  height: number;
  prior?: MattePrior;
  /** 8-bit alpha, `width` x `height`. */
  out: Uint8Array;
}

/** Rows `from` to `to` (exclusive) of applyGuidedCoefficients' alpha, into `out`. */
export function applyGuidedRows(
  { coefficients, rgb, width, height, prior, out }: GuidedApply,
  from: number,
  to: number,
): void {
  const { width: w, height: h, ar, ag, ab, b } = coefficients;
  const { i0: x0, i1: x1, f: fx } = axisTaps(width, w, false);
  const px = prior && axisTaps(width, prior.width, prior.cornerAligned);
  const py = prior && axisTaps(height, prior.height, prior.cornerAligned);
  const rowP = new Float32Array(prior ? prior.width : 0);
  const reach = 1 / PRIOR_BAND;
  const rowR = new Float32Array(w);
  const rowG = new Float32Array(w);
  const rowB = new Float32Array(w);
  const rowC = new Float32Array(w);
  const k = 1 / 255;
  for (let y = from; y < to; y++) {
    const sy = Math.min(Math.max(((y + 0.5) * h) / height - 0.5, 0), h - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, h - 1);
    const fy = sy - y0;
    const o0 = y0 * w;
    const o1 = y1 * w;
    for (let x = 0; x < w; x++) {
      rowR[x] = (ar[o0 + x] + (ar[o1 + x] - ar[o0 + x]) * fy) * k;
      rowG[x] = (ag[o0 + x] + (ag[o1 + x] - ag[o0 + x]) * fy) * k;
      rowB[x] = (ab[o0 + x] + (ab[o1 + x] - ab[o0 + x]) * fy) * k;
      rowC[x] = b[o0 + x] + (b[o1 + x] - b[o0 + x]) * fy;
    }
    const row = y * width;
    if (prior && px && py) {
      // The prior's row at this y, in 0..255, then per pixel the envelope it allows.
      const pw = prior.width;
      const p0 = py.i0[y] * pw;
      const p1 = py.i1[y] * pw;
      const pf = py.f[y];
      const data = prior.data;
      for (let x = 0; x < pw; x++) rowP[x] = data[p0 + x] + (data[p1 + x] - data[p0 + x]) * pf;
      for (let x = 0; x < width; x++) {
        const pl = rowP[px.i0[x]];
        const m = pl + (rowP[px.i1[x]] - pl) * px.f[x];
        // Where the prior is certain the envelope below leaves one answer, most of a photo: no fit to evaluate.
        if (m <= 0) continue;
        if (m >= 255) {
          out[row + x] = 255;
          continue;
        }
        const l = x0[x];
        const u = x1[x];
        const f = fx[x];
        const j = (row + x) * 3;
        const q =
          (rowR[l] + (rowR[u] - rowR[l]) * f) * rgb[j] +
          (rowG[l] + (rowG[u] - rowG[l]) * f) * rgb[j + 1] +
          (rowB[l] + (rowB[u] - rowB[l]) * f) * rgb[j + 2] +
          rowC[l] +
          (rowC[u] - rowC[l]) * f;
        let v = q * 255 + 0.5;
        // In 0..255 (+0.5 for rounding): inside, not below one half nor 1 - (1 - m) / band; outside, the mirror.
        if (m >= 127.5) {
          const lo = Math.max(128, 255.5 - (255 - m) * reach);
          if (v < lo) v = lo;
        } else {
          const hi = Math.min(127.5, m * reach + 0.5);
          if (v > hi) v = hi;
        }
        out[row + x] = v <= 0 ? 0 : v >= 255 ? 255 : v;
      }
      continue;
    }
    for (let x = 0; x < width; x++) {
      const l = x0[x];
      const u = x1[x];
      const f = fx[x];
      const j = (row + x) * 3;
      const q =
        (rowR[l] + (rowR[u] - rowR[l]) * f) * rgb[j] +
        (rowG[l] + (rowG[u] - rowG[l]) * f) * rgb[j + 1] +
        (rowB[l] + (rowB[u] - rowB[l]) * f) * rgb[j + 2] +
        rowC[l] +
        (rowC[u] - rowC[l]) * f;
      const v = q * 255 + 0.5;
      out[row + x] = v <= 0 ? 0 : v >= 255 ? 255 : v;
    }
  }
}
