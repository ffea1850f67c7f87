/**
 * The 2x of the whole photo, on float planes: luma by the learned 2x (learned-2x.ts), which also removes the
 * JPEG's blocks and ringing, and colour and alpha by a centred Lanczos 2x (colour carries little detail, and
 * JPEG stores it at half size anyway).
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { FaceBox } from '../face/types';
import { learned2x } from './learned-2x';
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

const toByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/**
 * The 2x of a (restored) photo: luma by the learned 2x at the photo's measured JPEG quality (null: no JPEG
 * grid), with the face network's opinion on `faces`; colour and alpha by the plain Lanczos 2x.
 */
export async function enlargePhoto(
  image: RawImage,
  quality: number | null,
  faces: readonly FaceBox[] = [],
): Promise<RawImage> {
  const { width, height } = image;
  const planes = toYcc(image);
  const large: YccPlanes = {
    width: 2 * width,
    height: 2 * height,
    y: await learned2x(planes.y, width, height, quality, faces),
    cb: enlarge2x(planes.cb, width, height),
    cr: enlarge2x(planes.cr, width, height),
    alpha: planes.alpha && Uint8Array.from(enlarge2x(Float32Array.from(planes.alpha), width, height), toByte),
  };
  return fromYcc(large, image.channels === 1 ? 1 : image.channels);
}
