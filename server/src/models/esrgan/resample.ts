/**
 * Centred resampling on float pixels, the classical half of the upscaler.
 *
 * Pixel centres sit at (i + 0.5) in both grids, as in OpenCV's resize, so output pixel X of an s-times
 * enlargement reads source position (X + 0.5) / s - 0.5. (sharp/libvips enlarge with a half-pixel offset;
 * against a centred reference that shift costs more than any model gains, so it is not used here.)
 *
 * The work is done on planes (one channel, row-major), the layout of the model's NCHW tensors, with
 * separable passes: rows are copied once into an edge-padded buffer so that the inner loops never clamp.
 */

import {
  columnPass2,
  columnPass4,
  filterColumn9,
  filterRow9,
  rowPass2,
  rowPass4,
  WINDOW,
  WINDOW_START,
} from './lanczos-passes';
import { simdPlanes } from './lanczos-simd';

export interface FloatImage {
  /** Interleaved channels, row-major. */
  data: Float32Array;
  width: number;
  height: number;
  channels: number;
}

const LANCZOS_A = 4;
const TAPS = 2 * LANCZOS_A;

function lanczos(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= LANCZOS_A) return 0;
  const px = Math.PI * x;
  return (LANCZOS_A * Math.sin(px) * Math.sin(px / LANCZOS_A)) / (px * px);
}

interface Phase {
  /** First source offset relative to the source pixel. */
  start: number;
  /** Normalised tap weights. */
  weights: Float64Array;
}

const phaseCache = new Map<number, Phase[]>();

/** Per output phase p (output pixel s*x + p): the taps it reads around source pixel x. */
function phases(scale: number): Phase[] {
  let out = phaseCache.get(scale);
  if (out) return out;
  out = [];
  for (let p = 0; p < scale; p++) {
    const u = (p + 0.5) / scale - 0.5;
    const start = Math.floor(u) - LANCZOS_A + 1;
    const weights = new Float64Array(TAPS);
    let sum = 0;
    for (let k = 0; k < TAPS; k++) {
      weights[k] = lanczos(u - (start + k));
      sum += weights[k];
    }
    for (let k = 0; k < TAPS; k++) weights[k] /= sum;
    out.push({ start, weights });
  }
  phaseCache.set(scale, out);
  return out;
}

/** The enlargement's two passes per scale (lanczos-passes.ts). */
const passes: Record<number, { row: typeof rowPass2; column: typeof columnPass2 } | undefined> = {
  2: { row: rowPass2, column: columnPass2 },
  4: { row: rowPass4, column: columnPass4 },
};

/** Samples (horizontal pass and target together) up to which the vertical pass runs in SIMD: 4x tiles fit. */
const SIMD_MAX_SAMPLES = 1 << 22;

/** Source pixels read left of / right of a pixel by any phase: the padding the passes need. */
const PAD = LANCZOS_A + 1;

/** Copies `n` samples (stride `step` from `at`) into `row` with PAD clamped samples on each side. */
function padded(src: Float32Array, at: number, step: number, n: number, row: Float64Array): void {
  const first = src[at];
  const last = src[at + (n - 1) * step];
  for (let i = 0; i < PAD; i++) {
    row[i] = first;
    row[PAD + n + i] = last;
  }
  for (let i = 0; i < n; i++) row[PAD + i] = src[at + i * step];
}

/**
 * dst += centred Lanczos-4 enlargement of a plane by an integer factor (the same kernel as OpenCV's
 * INTER_LANCZOS4), edges clamped. `dst` is (w * scale) x (h * scale).
 */
export function lanczosUpscaleAdd(
  src: Float32Array,
  w: number,
  h: number,
  scale: number,
  dst: Float32Array,
): void {
  const pass = passes[scale];
  if (!pass) throw new Error(`The centred Lanczos enlargement is written for 2x and 4x, not ${scale}x`);
  const W = w * scale;
  const weights = phases(scale).map((p) => p.weights);
  const midLength = W * (h + 2 * PAD);
  // A tile-sized plane goes through the SIMD vertical pass; a larger one (a whole photo's alpha) through
  // the JavaScript one, so the module's memory, which is never given back, stays within a tile's size.
  const simd =
    midLength + dst.length <= SIMD_MAX_SAMPLES
      ? simdPlanes(scale as 2 | 4, weights, W, h, midLength, dst.length)
      : undefined;
  // Horizontal pass into a W x (h + 2 PAD) buffer whose first and last PAD rows repeat the edge rows,
  // then the vertical pass reads it without clamping.
  const mid = simd?.mid ?? new Float32Array(midLength);
  const row = new Float64Array(w + 2 * PAD);
  for (let y = 0; y < h; y++) {
    padded(src, y * w, 1, w, row);
    pass.row(row, PAD, w, weights, mid, (y + PAD) * W);
  }
  for (let i = 0; i < PAD; i++) {
    mid.copyWithin(i * W, PAD * W, (PAD + 1) * W);
    mid.copyWithin((h + PAD + i) * W, (h + PAD - 1) * W, (h + PAD) * W);
  }
  if (simd) {
    simd.dst.set(dst);
    simd.columns(WINDOW_START + PAD);
    dst.set(simd.dst);
    return;
  }
  for (let y = 0; y < h; y++) pass.column(mid, (y + WINDOW_START + PAD) * W, W, weights, dst, y * scale * W);
}

/** Output pixels [X0, X1) x [Y0, Y1) of an enlarged plane. */
export interface OutputRect {
  X0: number;
  X1: number;
  Y0: number;
  Y1: number;
}

/**
 * The centred Lanczos-4 enlargement of a plane at the output pixels of `rect` only, row-major in a
 * (X1 - X0) x (Y1 - Y0) array: the values lanczosUpscaleAdd gives there into a zeroed plane, with the same
 * taps in the same order, edges clamped at the plane's own edges. For the few places that need them.
 */
export function lanczosUpscaleRect(
  src: Float32Array,
  w: number,
  h: number,
  scale: number,
  rect: OutputRect,
): Float32Array {
  const { X0, X1, Y0, Y1 } = rect;
  const RW = X1 - X0;
  const ph = phases(scale);
  const first = Math.floor(Y0 / scale) + ph[Y0 % scale].start;
  const last = Math.floor((Y1 - 1) / scale) + ph[(Y1 - 1) % scale].start + TAPS - 1;
  const mid = new Float32Array(RW * (last - first + 1));
  const clamp = (v: number, n: number) => (v < 0 ? 0 : v >= n ? n - 1 : v);
  for (let y = first; y <= last; y++) {
    const r = clamp(y, h) * w;
    const o = (y - first) * RW - X0;
    for (let X = X0; X < X1; X++) {
      const { start, weights: k } = ph[X % scale];
      const s = Math.floor(X / scale) + start;
      let acc = 0;
      for (let t = 0; t < TAPS; t++) acc += k[t] * src[r + clamp(s + t, w)];
      mid[o + X] = acc;
    }
  }
  const out = new Float32Array(RW * (Y1 - Y0));
  for (let Y = Y0; Y < Y1; Y++) {
    const { start, weights: k } = ph[Y % scale];
    const r = (Math.floor(Y / scale) + start - first) * RW;
    const o = (Y - Y0) * RW;
    for (let X = 0; X < RW; X++) {
      let acc = 0;
      for (let t = 0; t < TAPS; t++) acc += k[t] * mid[r + t * RW + X];
      out[o + X] = acc;
    }
  }
  return out;
}

/** Mean over each scale x scale block of a plane (the degradation back-projection inverts). */
export function boxDownscalePlane(src: Float32Array, W: number, H: number, scale: number): Float32Array {
  const w = Math.floor(W / scale);
  const h = Math.floor(H / scale);
  const out = new Float32Array(w * h);
  const norm = 1 / (scale * scale);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let j = 0; j < scale; j++) {
      const r = (y * scale + j) * W;
      if (scale === 2) {
        for (let x = 0, s = r; x < w; x++, s += 2) out[o + x] += src[s] + src[s + 1];
      } else {
        for (let x = 0, s = r; x < w; x++, s += scale) {
          let acc = 0;
          for (let i = 0; i < scale; i++) acc += src[s + i];
          out[o + x] += acc;
        }
      }
    }
    for (let x = 0; x < w; x++) out[o + x] *= norm;
  }
  return out;
}

const downUpCache = new Map<number, { first: number; weights: Float64Array }>();

/**
 * The 1-D kernel of "enlarge by `scale` with the centred Lanczos, then area-average back": a filter on the
 * small grid, offsets first..first + weights.length - 1. Clamping commutes with it (both clamp source
 * indices), so applying it with clamped edges equals the two steps exactly.
 */
function downUpKernel(scale: number): { first: number; weights: Float64Array } {
  let kernel = downUpCache.get(scale);
  if (kernel) return kernel;
  const ph = phases(scale);
  const first = Math.min(...ph.map((p) => p.start));
  const last = Math.max(...ph.map((p) => p.start)) + TAPS - 1;
  const weights = new Float64Array(last - first + 1);
  for (const { start, weights: k } of ph)
    for (let t = 0; t < TAPS; t++) weights[start + t - first] += k[t] / scale;
  kernel = { first, weights };
  downUpCache.set(scale, kernel);
  return kernel;
}

/** boxDownscale(lanczosUpscale(plane)) computed on the small grid, without the large intermediate. */
export function downUpPlane(src: Float32Array, w: number, h: number, scale: number): Float32Array {
  const { first, weights } = downUpKernel(scale);
  // From 2x on the kernel spans the enlargement's nine-sample window (lanczos-passes.ts).
  if (first !== WINDOW_START || weights.length !== WINDOW)
    throw new Error(`No round-trip filter at ${scale}x`);
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const row = new Float64Array(w + 2 * PAD);
  for (let y = 0; y < h; y++) {
    padded(src, y * w, 1, w, row);
    filterRow9(row, PAD, w, weights, tmp, y * w);
  }
  // Across rows, whole rows at a time: the nine rows each output row reads, clamped at the edges.
  const rows = new Int32Array(WINDOW);
  for (let y = 0; y < h; y++) {
    for (let t = 0; t < WINDOW; t++) rows[t] = Math.min(h - 1, Math.max(0, y + first + t)) * w;
    filterColumn9(tmp, rows, w, weights, out, y * w);
  }
  return out;
}

function toPlanes(src: FloatImage): Float32Array[] {
  const { data, width, height, channels: c } = src;
  if (c === 1) return [data];
  const n = width * height;
  return Array.from({ length: c }, (_, ch) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = data[i * c + ch];
    return plane;
  });
}

function interleave(planes: Float32Array[], width: number, height: number): FloatImage {
  const c = planes.length;
  if (c === 1) return { data: planes[0], width, height, channels: 1 };
  const n = width * height;
  const data = new Float32Array(n * c);
  for (let ch = 0; ch < c; ch++) {
    const plane = planes[ch];
    for (let i = 0; i < n; i++) data[i * c + ch] = plane[i];
  }
  return { data, width, height, channels: c };
}

/** Centred Lanczos-4 enlargement of interleaved pixels by an integer factor, edges clamped. */
export function lanczosUpscale(src: FloatImage, scale: number): FloatImage {
  const W = src.width * scale;
  const H = src.height * scale;
  const planes = toPlanes(src).map((plane) => {
    const out = new Float32Array(W * H);
    lanczosUpscaleAdd(plane, src.width, src.height, scale, out);
    return out;
  });
  return interleave(planes, W, H);
}

/** Mean over each scale x scale block of interleaved pixels. */
export function boxDownscale(src: FloatImage, scale: number): FloatImage {
  const planes = toPlanes(src).map((p) => boxDownscalePlane(p, src.width, src.height, scale));
  return interleave(planes, Math.floor(src.width / scale), Math.floor(src.height / scale));
}
