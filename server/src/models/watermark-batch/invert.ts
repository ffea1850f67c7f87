import type { RawImage } from '../../lib/image/raw-image';
import { middle, type Placement } from './locate';
import type { Matte } from './matte';

/** Above this opacity the photo under the mark is mostly lost: 1 / (1 - a) blows its noise up past use. */
export const SAFE_ALPHA = 0.8;
/** An inverted value this far outside 0..255 means the blend did not hold there (clipping, a wrong fit). */
const OUT_OF_RANGE = 12;

export interface Inversion {
  image: RawImage;
  /** Pixels the inversion could not recover (opaque, clipped or out of range), width * height. */
  unsafe: Uint8Array;
  unsafeCount: number;
  changed: number;
  /** The opacity inverted at each pixel, width * height (0 where the mark is not). */
  alpha: Float32Array;
}

/**
 * Takes the mark out of one photo exactly, I = (J - aW) / (1 - a), with the batch's opacity and overlay read
 * where the mark was found (bilinear, at the placement's scale). Pixels where that cannot be trusted are
 * marked for the fill.
 */
export function invertMark(photo: RawImage, matte: Matte, placement: Placement): Inversion {
  const { width: w, height: h, channels: c } = photo;
  const data = photo.data.slice();
  const unsafe = new Uint8Array(w * h);
  const alpha = new Float32Array(w * h);
  const { width: mw, height: mh } = matte;
  const half = { x: middle(mw), y: middle(mh) };
  const s = placement.scale;
  const x0 = Math.max(0, Math.floor(placement.cx - s * half.x) - 1);
  const x1 = Math.min(w, Math.ceil(placement.cx + s * half.x) + 2);
  const y0 = Math.max(0, Math.floor(placement.cy - s * half.y) - 1);
  const y1 = Math.min(h, Math.ceil(placement.cy + s * half.y) + 2);
  const overlay = new Float32Array(3);
  let unsafeCount = 0;
  let changed = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const a = sampleMatte(matte, (x - placement.cx) / s + half.x, (y - placement.cy) / s + half.y, overlay);
      if (a <= 0) continue;
      const i = y * w + x;
      alpha[i] = a;
      let bad = a > SAFE_ALPHA;
      for (let k = 0; k < 3; k++) {
        const j = photo.data[i * c + k];
        const value = (j - overlay[k]) / (1 - a);
        if ((j >= 255 || j <= 0) && a > 0.05) bad = true;
        if (value < -OUT_OF_RANGE || value > 255 + OUT_OF_RANGE) bad = true;
        data[i * c + k] = Math.max(0, Math.min(255, Math.round(value)));
      }
      changed++;
      if (bad) {
        unsafe[i] = 1;
        unsafeCount++;
      }
    }
  return { image: { ...photo, data }, unsafe, unsafeCount, changed, alpha };
}

/** Opacity at (x, y) of the matte, bilinear, 0 outside; the overlay written to `overlay`. */
function sampleMatte(matte: Matte, x: number, y: number, overlay: Float32Array): number {
  const { width: w, height: h, alpha, overlay: o } = matte;
  if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return 0;
  const xa = Math.floor(x);
  const ya = Math.floor(y);
  const xb = Math.min(w - 1, xa + 1);
  const yb = Math.min(h - 1, ya + 1);
  const fx = x - xa;
  const fy = y - ya;
  const weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
  const at = [ya * w + xa, ya * w + xb, yb * w + xa, yb * w + xb];
  let a = 0;
  overlay.fill(0);
  for (let n = 0; n < 4; n++) {
    a += weights[n] * alpha[at[n]];
    for (let k = 0; k < 3; k++) overlay[k] += weights[n] * o[at[n] * 3 + k];
  }
  return a;
}
