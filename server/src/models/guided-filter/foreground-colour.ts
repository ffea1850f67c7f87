/**
 * Foreground colour estimation by Blur-Fusion (Forte and Pitie 2021, "Approximate Fast Foreground Colour
 * Estimation"): at a soft edge the photo's pixel mixes subject and old background, I = aF + (1 - a)B. Placed
 * on a new backdrop as is, that old background shows as a halo. Local means of the subject's and the
 * background's colours, weighted by the matte, give F = Fm + a (I - a Fm - (1 - a) Bm). The means are smooth, so
 * they are computed at the working resolution and interpolated when the full-resolution colours are written.
 */
import { inThisThread, type BandRunner } from '../bands/band-runner';

export interface ColourMeans {
  width: number;
  height: number;
  /** Planar RGB, 0..255: local mean colour of the subject (fg) and of the background (bg). */
  fg: Float32Array[];
  bg: Float32Array[];
}

/** Adds (sign 1) or takes away (-1) one row's weight and weighted colours to the column sums. */
function addWeightedRow(
  columns: Float64Array,
  [red, green, blue]: Float32Array[],
  weight: Float32Array,
  from: number,
  length: number,
  sign: number,
): void {
  for (let i = from, end = from + length, c = 0; i < end; i++, c += 4) {
    const w = sign * weight[i];
    columns[c] += w;
    columns[c + 1] += w * red[i];
    columns[c + 2] += w * green[i];
    columns[c + 3] += w * blue[i];
  }
}

/**
 * The weighted window means of three colour planes into `out`: box(weight x colour) / box(weight), 0 where
 * the weight's mean is about 0. The four window sums come from running column sums in one pass (one plane per
 * colour out, none per product), windows clamped at the borders as boxMean's are.
 */
function weightedMeans(
  colour: Float32Array[],
  weight: Float32Array,
  width: number,
  height: number,
  r: number,
  [outR, outG, outB]: Float32Array[],
): void {
  const columns = new Float64Array(width * 4);
  const addRow = (y: number, sign: number) => addWeightedRow(columns, colour, weight, y * width, width, sign);
  for (let y = 0; y <= Math.min(r, height - 1); y++) addRow(y, 1);
  for (let y = 0; y < height; y++) {
    if (y > 0) {
      if (y + r < height) addRow(y + r, 1);
      if (y - r - 1 >= 0) addRow(y - r - 1, -1);
    }
    const rows = Math.min(y + r, height - 1) - Math.max(y - r, 0) + 1;
    let sw = 0;
    let sr = 0;
    let sg = 0;
    let sb = 0;
    for (let c = 0, end = Math.min(r, width - 1) * 4; c <= end; c += 4) {
      sw += columns[c];
      sr += columns[c + 1];
      sg += columns[c + 2];
      sb += columns[c + 3];
    }
    for (let x = 0, o = y * width; x < width; x++, o++) {
      if (x > 0 && x + r < width) {
        const c = (x + r) * 4;
        sw += columns[c];
        sr += columns[c + 1];
        sg += columns[c + 2];
        sb += columns[c + 3];
      }
      if (x - r - 1 >= 0) {
        const c = (x - r - 1) * 4;
        sw -= columns[c];
        sr -= columns[c + 1];
        sg -= columns[c + 2];
        sb -= columns[c + 3];
      }
      const count = rows * (Math.min(x + r, width - 1) - Math.max(x - r, 0) + 1);
      if (sw > 1e-4 * count) {
        outR[o] = sr / sw;
        outG[o] = sg / sw;
        outB[o] = sb / sw;
      }
    }
  }
}

/** One Blur-Fusion step's means, side 0 the subject's (weighted by alpha) and side 1 the background's. */
export interface FusionMeans {
  /** Per side, the three colour planes averaged. */
  colour: Float32Array[][];
  /** Per side, the weight plane. */
  weight: Float32Array[];
  width: number;
  height: number;
  r: number;
  /** Per side, three zeroed planes for the means. */
  out: Float32Array[][];
}

/** The means of sides `from` to `to` (exclusive): the two sides are independent, so they may run apart. */
export function fusionMeans(job: FusionMeans, from: number, to: number): void {
  for (let side = from; side < to; side++) {
    weightedMeans(job.colour[side], job.weight[side], job.width, job.height, job.r, job.out[side]);
  }
}

/**
 * Two Blur-Fusion passes at low resolution (a wide one, then a narrow one on its output) on interleaved RGB
 * and an 8-bit matte of the same size. Each pass's two sides of means are what `run` may split; planes are
 * allocated by `plane` (shared memory when they are).
 */
export async function colourMeans(
  rgb: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  run: BandRunner = inThisThread,
  plane: (length: number) => Float32Array = (length) => new Float32Array(length),
): Promise<ColourMeans> {
  const n = width * height;
  const image = [0, 1, 2].map((c) => {
    const colour = plane(n);
    for (let i = 0; i < n; i++) colour[i] = rgb[i * 3 + c];
    return colour;
  });
  const a = plane(n);
  const b = plane(n);
  for (let i = 0; i < n; i++) {
    a[i] = alpha[i] / 255;
    b[i] = 1 - a[i];
  }
  const means = async (colour: Float32Array[][], r: number) => {
    const out = [0, 1].map(() => [0, 1, 2].map(() => plane(n)));
    await run(fusionMeans, { colour, weight: [a, b], width, height, r, out }, 2);
    return out;
  };
  const side = Math.max(width, height);
  let fg: Float32Array[] = image;
  let bg: Float32Array[] = image;
  for (const r of [Math.max(4, Math.round(side / 24)), Math.max(2, Math.round(side / 256))]) {
    const [fm, bm] = await means([fg, bg], r);
    // Each estimate is written over its means, pixel by pixel once they are read.
    for (let c = 0; c < 3; c++) {
      const photo = image[c];
      const f = fm[c];
      const g = bm[c];
      for (let i = 0; i < n; i++) {
        const residual = photo[i] - a[i] * f[i] - b[i] * g[i];
        const nf = f[i] + a[i] * residual;
        const ng = g[i] + b[i] * residual;
        f[i] = nf < 0 ? 0 : nf > 255 ? 255 : nf;
        g[i] = ng < 0 ? 0 : ng > 255 ? 255 : ng;
      }
    }
    fg = fm;
    bg = bm;
  }
  // Means of the estimates, for interpolation at full resolution where the narrow pass is too coarse.
  const [fgMeans, bgMeans] = await means([fg, bg], Math.max(2, Math.round(side / 256)));
  return { width, height, fg: fgMeans, bg: bgMeans };
}

/**
 * Full-resolution subject colours: the photo's own colour where the matte is solid, and the Blur-Fusion
 * estimate where it is soft. Rows are produced one at a time; `out` is interleaved RGB or RGBA (its alpha
 * left alone), and may be `rgb` itself: each pixel is read before it is written.
 */
export function decontaminate(
  means: ColourMeans,
  rgb: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  outChannels: 3 | 4,
): void {
  decontaminateRows({ means, rgb, alpha, width, height, out, outChannels }, 0, height);
}

/** decontaminate's arguments. */
export interface Decontamination {
  means: ColourMeans;
  rgb: Uint8Array;
  alpha: Uint8Array;
  width: number;
  height: number;
  out: Uint8Array;
  outChannels: 3 | 4;
}

/** Rows `from` to `to` (exclusive) of decontaminate's output. */
export function decontaminateRows(
  { means, rgb, alpha, width, height, out, outChannels }: Decontamination,
  from: number,
  to: number,
): void {
  const { width: w, height: h, fg, bg } = means;
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(Math.max(((x + 0.5) * w) / width - 0.5, 0), w - 1);
    x0[x] = Math.min(Math.floor(sx), w - 2 < 0 ? 0 : w - 2);
    x1[x] = Math.min(x0[x] + 1, w - 1);
    fx[x] = w > 1 ? sx - x0[x] : 0;
  }
  // The six mean planes interpolated to this row once; each pixel then interpolates along the row only.
  const planes = [...fg, ...bg];
  const rows = planes.map(() => new Float64Array(w));
  const inPlace = out === rgb && outChannels === 3;
  for (let y = from; y < to; y++) {
    const sy = Math.min(Math.max(((y + 0.5) * h) / height - 0.5, 0), h - 1);
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const o0 = y0 * w;
    const o1 = Math.min(y0 + 1, h - 1) * w;
    planes.forEach((plane, p) => {
      const row = rows[p];
      for (let x = 0; x < w; x++) row[x] = plane[o0 + x] + (plane[o1 + x] - plane[o0 + x]) * fy;
    });
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const a = alpha[i] / 255;
      const j = i * 3;
      if (a >= 1 || a <= 0) {
        if (inPlace) continue;
        const k = i * outChannels;
        out[k] = rgb[j];
        out[k + 1] = rgb[j + 1];
        out[k + 2] = rgb[j + 2];
        continue;
      }
      const k = i * outChannels;
      const l = x0[x];
      const u = x1[x];
      const t = fx[x];
      for (let c = 0; c < 3; c++) {
        const fr = rows[c];
        const br = rows[c + 3];
        const f = fr[l] + (fr[u] - fr[l]) * t;
        const b = br[l] + (br[u] - br[l]) * t;
        const v = f + a * (rgb[j + c] - a * f - (1 - a) * b) + 0.5;
        out[k + c] = v <= 0 ? 0 : v >= 255 ? 255 : v;
      }
    }
  }
}
