/**
 * The geometry around MI-GAN's 512-px square: the window of photo a hole is filled in, and resampling of
 * pixels and holes between the window's size and the model's. Pure functions on typed arrays.
 */
import type { Box } from '../../lib/image/bitmap';
import { MIGAN_SIDE } from './migan.model';

/** Photo kept around a hole on every side: what the packaged pipeline keeps (128 px). */
export const CONTEXT = 128;

/**
 * A square window around `box` with `context` pixels on every side and at least `min` pixels wide, shifted
 * (never shrunk) to lie inside the image; on an image smaller than that, the side is the image's.
 */
export function squareWindow(
  box: Box,
  width: number,
  height: number,
  context = CONTEXT,
  min = MIGAN_SIDE,
): Box {
  const side = Math.max(min, Math.max(box.x1 - box.x0, box.y1 - box.y0) + 2 * context);
  const along = (lo: number, hi: number, size: number): [number, number] => {
    const s = Math.min(side, size);
    const start = Math.min(size - s, Math.max(0, Math.round((lo + hi - s) / 2)));
    return [start, start + s];
  };
  const [x0, x1] = along(box.x0, box.x1, width);
  const [y0, y1] = along(box.y0, box.y1, height);
  return { x0, y0, x1, y1 };
}

/**
 * Interleaved pixels resampled from `sw` x `sh` to `dw` x `dh`, one axis at a time: an area average where
 * an axis shrinks (no aliasing of fine texture into the model's input), linear where it grows.
 */
export function resample(
  src: ArrayLike<number>,
  sw: number,
  sh: number,
  c: number,
  dw: number,
  dh: number,
): Float32Array {
  const across = new Float32Array(dw * sh * c);
  for (let y = 0; y < sh; y++) resampleLine(src, y * sw * c, c, sw, across, y * dw * c, c, dw, c);
  const out = new Float32Array(dw * dh * c);
  for (let x = 0; x < dw; x++) resampleLine(across, x * c, dw * c, sh, out, x * c, dw * c, dh, c);
  return out;
}

/** One line of `n` samples `step` apart resampled to `m` samples `outStep` apart, `c` channels each. */
function resampleLine(
  src: ArrayLike<number>,
  from: number,
  step: number,
  n: number,
  out: Float32Array,
  to: number,
  outStep: number,
  m: number,
  c: number,
): void {
  const scale = n / m;
  for (let j = 0; j < m; j++) {
    const o = to + j * outStep;
    if (scale > 1) {
      // Area average over [j * scale, (j + 1) * scale).
      const a = j * scale;
      const b = a + scale;
      for (let k = 0; k < c; k++) out[o + k] = 0;
      for (let i = Math.floor(a); i < Math.ceil(b) && i < n; i++) {
        const weight = (Math.min(b, i + 1) - Math.max(a, i)) / scale;
        for (let k = 0; k < c; k++) out[o + k] += weight * src[from + i * step + k];
      }
    } else {
      const p = Math.min(n - 1, Math.max(0, (j + 0.5) * scale - 0.5));
      const i = Math.floor(p);
      const t = p - i;
      const next = Math.min(n - 1, i + 1);
      for (let k = 0; k < c; k++)
        out[o + k] = (1 - t) * src[from + i * step + k] + t * src[from + next * step + k];
    }
  }
}

/** The hole at another size: a pixel is hole when any pixel it covers is, so no unknown pixel is read as known. */
export function resampleHole(hole: Uint8Array, sw: number, sh: number, dw: number, dh: number): Uint8Array {
  const out = new Uint8Array(dw * dh);
  const fx = sw / dw;
  const fy = sh / dh;
  for (let y = 0; y < dh; y++) {
    const sy0 = Math.floor(y * fy);
    const sy1 = Math.min(sh, Math.max(sy0 + 1, Math.ceil((y + 1) * fy)));
    for (let x = 0; x < dw; x++) {
      const sx0 = Math.floor(x * fx);
      const sx1 = Math.min(sw, Math.max(sx0 + 1, Math.ceil((x + 1) * fx)));
      let any = 0;
      for (let sy = sy0; sy < sy1 && !any; sy++)
        for (let sx = sx0; sx < sx1; sx++)
          if (hole[sy * sw + sx]) {
            any = 1;
            break;
          }
      out[y * dw + x] = any;
    }
  }
  return out;
}

/** The RGB of a window of an interleaved image (`c` >= 3 channels; alpha dropped) as floats. */
export function cropRgb(data: Uint8Array, width: number, c: number, box: Box): Float32Array {
  const w = box.x1 - box.x0;
  const out = new Float32Array(w * (box.y1 - box.y0) * 3);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * width + x;
      const o = ((y - box.y0) * w + x - box.x0) * 3;
      for (let k = 0; k < 3; k++) out[o + k] = data[i * c + k];
    }
  return out;
}

/**
 * Writes the window's `fill` (RGB floats) into `target` (interleaved, `c` >= 3 channels) only where `mask`
 * is set: every other pixel, and the alpha channel, stay as they were.
 */
export function pasteInsideMask(
  target: Uint8Array,
  width: number,
  c: number,
  mask: Uint8Array,
  fill: Float32Array,
  box: Box,
): void {
  const w = box.x1 - box.x0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      const o = ((y - box.y0) * w + x - box.x0) * 3;
      for (let k = 0; k < 3; k++) {
        const v = fill[o + k];
        target[i * c + k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
    }
}
