import { markSupport } from './mark-support';
import { expandBox, maskBounds, type Bitmap } from '../../lib/image/bitmap';
import { boxBlur } from './pyramid';

/**
 * The pixels of a loosely painted mask that inversion should have left alone: photo, not mark, that a fit
 * "inverted" anyway. A painted band or box is wider than the mark, and a fit found against the diffusion
 * guess can explain the photo's own variations there (a dark red at 0.19 over brown rock beside a date
 * stamp, a pale colour over sky beside a word); inverting them blows those variations up into tinted
 * patches around the mark. Two independent signs, both needed, tell such a pixel:
 * - it is not the mark: the fill of the whole mask (check-fill.ts, which never saw the mark) already
 *   reproduces it, by the split of `mark-support.ts` (Otsu's threshold on the distance from that fill);
 * - inversion moved it away from that fill rather than towards it: removing a real mark brings a pixel
 *   closer to any independent estimate of the photo, while "inverting" photo makes it depart further.
 * The distances are compared as sums over a 5x5 window, so one pixel's fill error decides nothing. A faint
 * part of the mark that the split calls photo (the lighter end of a gradient, a banner's band behind its
 * text) was inverted towards the fill and is kept.
 */

/** Half-width of the window the distances from the fill are summed over. */
const WINDOW = 2;

/**
 * `region` the mask, `marked` the input, `recovered` the inverted result, `filled` the fill of the whole
 * mask, `alpha` the opacity inverted per pixel (0 untouched, 1 lost). Returns the inverted pixels that are
 * photo, to be handed back as they were.
 */
export function invertedPhoto(
  region: Bitmap,
  marked: Float32Array,
  recovered: Float32Array,
  filled: Float32Array,
  alpha: Float32Array,
  w: number,
  h: number,
  c: number,
): Uint8Array {
  const photo = new Uint8Array(w * h);
  const bounds = maskBounds(region, w, h);
  if (!bounds) return photo;
  const inverted = (i: number) => region[i] === 1 && alpha[i] > 0 && alpha[i] < 1;
  const after = new Float32Array(w * h);
  const before = new Float32Array(w * h);
  for (let i = 0; i < region.length; i++) {
    if (!inverted(i)) continue;
    for (let k = 0; k < 3; k++) {
      const o = i * c + k;
      after[i] += (recovered[o] - filled[o]) ** 2;
      before[i] += (marked[o] - filled[o]) ** 2;
    }
  }
  const box = expandBox(bounds, WINDOW, w, h);
  boxBlur(after, w, h, 1, WINDOW, box);
  boxBlur(before, w, h, 1, WINDOW, box);
  const mark = markSupport(region, marked, filled, w, h, c);
  for (let i = 0; i < region.length; i++) if (inverted(i) && !mark[i] && after[i] > before[i]) photo[i] = 1;
  return photo;
}
