import type { FloatImage } from './float-image';
import { distanceOutside, maskBounds } from '../../lib/image/bitmap';

/**
 * The grain of inverted pixels held to the photo's. Inverting a blend, `photo = (observed - a colour) / (1 - a)`,
 * multiplies the compression noise of the observed pixel by 1 / (1 - a): four times under light text at 0.76.
 * On a smooth night sky that noise comes back as a speckled copy of the letters, where a smooth fill is near
 * exact. Per 48 px region, the inverted pixels' fine detail (their difference from a 3x3 mean) is scaled down
 * so that its RMS is no more than that of the photo right beside them (2-6 px away: between the letters, or
 * just outside the mask), which has the same texture and the compression noise undivided: detail the photo
 * there has is kept, detail only the inversion made is not.
 */

const REGION = 48;
/** The photo beside the inverted pixels: this far from them, so that its 3x3 means do not reach them. */
const NEAR_FROM = 2;
const NEAR_TO = 6;
const MIN_PIXELS = 32;

/** Fine detail at pixel i: its difference from the mean of its 3x3 neighbourhood, in channel k. */
function detailAt(data: Float32Array, w: number, c: number, i: number, k: number): number {
  let s = 0;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += data[(i + dy * w + dx) * c + k];
  return data[i * c + k] - s / 9;
}

/**
 * In place on `work` (the removal so far): `mask` the watermark's mask, `lost` the pixels filled rather than
 * inverted, `alpha` each pixel's inverted opacity (strictly between 0 and 1: inverted; 0 with `lost` unset:
 * returned as it was). Returns the regions whose inverted detail was scaled down.
 */
export function matchInvertedGrain(
  work: FloatImage,
  mask: Uint8Array,
  lost: Uint8Array,
  alpha: Float32Array,
): number {
  const { width: w, height: h, channels: c, data } = work;
  const inverted = new Uint8Array(w * h);
  for (let i = 0; i < inverted.length; i++) inverted[i] = mask[i] && alpha[i] > 0 && alpha[i] < 1 ? 1 : 0;
  const bounds = maskBounds(inverted, w, h);
  if (!bounds) return 0;
  const away = distanceOutside(inverted, w, h, NEAR_TO + 1);
  const isPhoto = (i: number) =>
    away[i] >= NEAR_FROM && away[i] <= NEAR_TO && (!mask[i] || (!lost[i] && alpha[i] === 0));
  const src = data.slice();
  const rms = (x0: number, y0: number, x1: number, y1: number, take: (i: number) => boolean) => {
    let s = 0;
    let n = 0;
    for (let y = Math.max(1, y0); y < Math.min(h - 1, y1); y++) {
      for (let x = Math.max(1, x0); x < Math.min(w - 1, x1); x++) {
        const i = y * w + x;
        if (!take(i)) continue;
        for (let k = 0; k < 3; k++) s += detailAt(src, w, c, i, k) ** 2;
        n++;
      }
    }
    return n >= MIN_PIXELS ? Math.sqrt(s / n) : -1;
  };
  let scaled = 0;
  // Regions on the same 48 px grid as the never-worse check, those that hold inverted pixels only.
  for (let y0 = bounds.y0 - (bounds.y0 % REGION); y0 < bounds.y1; y0 += REGION) {
    for (let x0 = bounds.x0 - (bounds.x0 % REGION); x0 < bounds.x1; x0 += REGION) {
      const mark = rms(x0, y0, x0 + REGION, y0 + REGION, (i) => inverted[i] === 1);
      if (mark <= 0) continue;
      const photo = rms(x0 - NEAR_TO, y0 - NEAR_TO, x0 + REGION + NEAR_TO, y0 + REGION + NEAR_TO, isPhoto);
      if (photo < 0 || photo >= mark) continue;
      const gain = photo / mark;
      scaled++;
      for (let y = Math.max(1, y0); y < Math.min(h - 1, y0 + REGION); y++) {
        for (let x = Math.max(1, x0); x < Math.min(w - 1, x0 + REGION); x++) {
          const i = y * w + x;
          if (!inverted[i]) continue;
          for (let k = 0; k < 3; k++)
            data[i * c + k] = src[i * c + k] - (1 - gain) * detailAt(src, w, c, i, k);
        }
      }
    }
  }
  return scaled;
}
