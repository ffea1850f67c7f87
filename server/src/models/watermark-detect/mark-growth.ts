import type { RawImage } from '../../lib/image/raw-image';
import { dilate } from '../../lib/image/bitmap';

/**
 * Grows a line's strokes into the parts of the mark that are not its fill colour: an outline, a drop
 * shadow, the ringing a JPEG leaves round a saturated stroke. Those touch the strokes and move the photo
 * from what is behind it too, in another direction. A pixel joins when it is next to the mask (4-neighbours,
 * step by step up to `reach` pixels away) and shifted from the photo behind by at least `threshold` (RGB
 * distance). Changes `mask` in place.
 */
export function growIntoMark(
  image: RawImage,
  behind: Float32Array[],
  mask: Uint8Array,
  reach: number,
  threshold: number,
): void {
  const { width, height, data, channels } = image;
  const shifted = (i: number) => {
    let d = 0;
    for (let c = 0; c < 3; c++) d += (data[i * channels + Math.min(c, channels - 1)] - behind[c][i]) ** 2;
    return d >= threshold * threshold;
  };
  let front: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) front.push(i);
  for (let step = 0; step < reach && front.length; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % width;
      const y = (i - x) / width;
      const around = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1];
      around.push(y < height - 1 ? i + width : -1);
      for (const j of around) {
        if (j < 0 || mask[j] || !shifted(j)) continue;
        mask[j] = 1;
        next.push(j);
      }
    }
    front = next;
  }
}

/** A quantile of how far the pixels just outside a line are from the photo behind: the photo's own texture. */
export function ringShift(
  image: RawImage,
  behind: Float32Array[],
  area: Uint8Array,
  quantile: number,
): number {
  const { width, height, data, channels } = image;
  const ring = dilate(area, width, height, 3);
  const shifts: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i] || area[i]) continue;
    let d = 0;
    for (let c = 0; c < 3; c++) d += (data[i * channels + Math.min(c, channels - 1)] - behind[c][i]) ** 2;
    shifts.push(Math.sqrt(d));
  }
  if (shifts.length === 0) return 0;
  shifts.sort((a, b) => a - b);
  return shifts[Math.min(shifts.length - 1, Math.floor(quantile * shifts.length))];
}
