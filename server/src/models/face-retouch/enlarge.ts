/**
 * The 2x of the whole photo, on float planes: a centred Lanczos enlargement followed by iterative
 * back-projection (Irani and Peleg 1991) against the way a photo loses its size: each 2x2 block averaged into
 * one pixel, then a slight lens/resampling blur. The enlargement is corrected until shrinking it that way
 * gives back the (cleaned) input, which restores the sharpness the shrinking took without inventing detail.
 */
import type { RawImage } from '../../lib/image';
import { fromYcc, toYcc, type YccPlanes } from './planes';

/** Lanczos-3 taps for the two output phases of a centred 2x: source offsets -3..2 (even) and -2..3 (odd). */
const TAPS = (() => {
  const lanczos = (x: number) => {
    if (x === 0) return 1;
    if (Math.abs(x) >= 3) return 0;
    const px = Math.PI * x;
    return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
  };
  // Output pixel 2i reads source position i - 0.25, output 2i + 1 reads i + 0.25.
  const phase = (u: number, start: number) => {
    const w = Array.from({ length: 6 }, (_, k) => lanczos(u - (start + k)));
    const sum = w.reduce((a, b) => a + b);
    return Float32Array.from(w, (v) => v / sum);
  };
  return { even: phase(-0.25, -3), odd: phase(0.25, -2) };
})();

const clampIndex = (i: number, n: number) => (i < 0 ? 0 : i >= n ? n - 1 : i);

/** One separable pass: `lines` lines of `n` samples (stride `along` between samples, `across` between lines). */
function enlargeLines(
  src: Float32Array,
  dst: Float32Array,
  n: number,
  lines: number,
  srcAlong: number,
  srcAcross: number,
  dstAlong: number,
  dstAcross: number,
): void {
  const { even, odd } = TAPS;
  const line = new Float32Array(n + 6);
  for (let l = 0; l < lines; l++) {
    const s0 = l * srcAcross;
    for (let k = 0; k < n + 6; k++) line[k] = src[s0 + clampIndex(k - 3, n) * srcAlong];
    const d0 = l * dstAcross;
    for (let i = 0; i < n; i++) {
      // line[i + 3] is source pixel i.
      let a = 0;
      let b = 0;
      for (let k = 0; k < 6; k++) {
        a += even[k] * line[i + k];
        b += odd[k] * line[i + 1 + k];
      }
      dst[d0 + 2 * i * dstAlong] = a;
      dst[d0 + (2 * i + 1) * dstAlong] = b;
    }
  }
}

/** Centred Lanczos-3 2x of a plane (pixel centres at i + 0.5 in both grids). */
export function enlarge2x(plane: Float32Array, width: number, height: number): Float32Array {
  const wide = new Float32Array(2 * width * height);
  enlargeLines(plane, wide, width, height, 1, width, 1, 2 * width);
  const out = new Float32Array(4 * width * height);
  enlargeLines(wide, out, height, 2 * width, 2 * width, 1, 2 * width, 1);
  return out;
}

/** Gaussian taps of `sigma` (pixels), radius 2 sigma + 1 at least. */
function gaussian(sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(2.5 * sigma));
  const w = Float32Array.from({ length: 2 * r + 1 }, (_, k) =>
    Math.exp(-((k - r) ** 2) / (2 * sigma * sigma)),
  );
  const sum = w.reduce((a, b) => a + b);
  return w.map((v) => v / sum);
}

/** A separable Gaussian blur with clamped edges. */
export function gaussianBlur(
  plane: Float32Array,
  width: number,
  height: number,
  sigma: number,
): Float32Array {
  if (sigma <= 0) return plane.slice();
  const taps = gaussian(sigma);
  const r = (taps.length - 1) / 2;
  const tmp = new Float32Array(plane.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += taps[k + r] * plane[row + clampIndex(x + k, width)];
      tmp[row + x] = s;
    }
  }
  const out = new Float32Array(plane.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += taps[k + r] * tmp[clampIndex(y + k, height) * width + x];
      out[y * width + x] = s;
    }
  return out;
}

/** The way a photo is assumed to have been made half as large: 2x2 block means, then a slight blur. */
export function shrink2x(
  plane: Float32Array,
  width: number,
  height: number,
  blurSigma: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const w2 = 2 * width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = 2 * y * w2 + 2 * x;
      out[y * width + x] = (plane[i] + plane[i + 1] + plane[i + w2] + plane[i + w2 + 1]) / 4;
    }
  return gaussianBlur(out, width, height, blurSigma);
}

export interface BackProjection {
  /** Rounds of correction. */
  iterations: number;
  /** Share of each round's residual put back. */
  gain: number;
  /** The blur assumed after the 2x2 averaging, in input pixels. */
  blurSigma: number;
}

/**
 * The 2x of `plane` (width x height), corrected by back-projection so that shrinking it gives `plane` back.
 * `plane` should already be clean: back-projection sharpens whatever it is given, JPEG blocks included.
 */
export function enlargeConsistent(
  plane: Float32Array,
  width: number,
  height: number,
  { iterations, gain, blurSigma }: BackProjection,
): Float32Array {
  const large = enlarge2x(plane, width, height);
  for (let round = 0; round < iterations; round++) {
    const small = shrink2x(large, width, height, blurSigma);
    for (let i = 0; i < small.length; i++) small[i] = plane[i] - small[i];
    const correction = enlarge2x(small, width, height);
    for (let i = 0; i < large.length; i++) large[i] += gain * correction[i];
  }
  return large;
}

/** Back-projection for the whole photo: two rounds; on cleaned JPEGs more rounds gained nothing in the bench. */
export const PHOTO_BACK_PROJECTION: BackProjection = { iterations: 2, gain: 1, blurSigma: 0.5 };

const toByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** The 2x of a (restored) photo: luma by back-projection, colour and alpha by the plain Lanczos 2x. */
export function enlargePhoto(image: RawImage): RawImage {
  const { width, height } = image;
  const planes = toYcc(image);
  const large: YccPlanes = {
    width: 2 * width,
    height: 2 * height,
    y: enlargeConsistent(planes.y, width, height, PHOTO_BACK_PROJECTION),
    cb: enlarge2x(planes.cb, width, height),
    cr: enlarge2x(planes.cr, width, height),
    alpha: planes.alpha && Uint8Array.from(enlarge2x(Float32Array.from(planes.alpha), width, height), toByte),
  };
  return fromYcc(large, image.channels === 1 ? 1 : image.channels);
}
