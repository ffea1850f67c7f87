import type { RawImage } from '../../lib/image/raw-image';
import { dilate, expandBox, maskBounds } from '../../lib/image/bitmap';
import { boxMean } from '../text-marks/maps';

/**
 * Of the pixels within 3 px outside a line, how many there are and how many look more like its strokes than
 * like its other pixels, both as near them (within `reach`): a line across regions of the photo (an orange
 * fruit on green leaves) would otherwise have the fruit beside an orange mark compared with a mean of fruit and
 * leaves, and counted as stroke.
 */
export function ringLikeStrokes(
  image: RawImage,
  area: Uint8Array,
  mask: Uint8Array,
  reach: number,
): { ring: number; likeStrokes: number } {
  const { width, height, data, channels } = image;
  const bounds = maskBounds(area, width, height);
  if (!bounds) return { ring: 0, likeStrokes: 0 };
  const { x0, y0, x1, y1 } = expandBox(bounds, reach + 3, width, height);
  const w = x1 - x0;
  const h = y1 - y0;
  const n = w * h;
  const at = (x: number, y: number) => (y0 + y) * width + x0 + x;
  // Per channel, the strokes' and the other pixels' colour sums near each pixel (as box means), and their counts.
  const planes = (pick: (i: number) => boolean) => {
    const weight = new Float32Array(n);
    const colour = [0, 1, 2].map(() => new Float32Array(n));
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = at(x, y);
        if (!pick(i)) continue;
        weight[y * w + x] = 1;
        for (let c = 0; c < 3; c++) colour[c][y * w + x] = data[i * channels + Math.min(c, channels - 1)];
      }
    return { weight: boxMean(weight, w, h, reach), colour: colour.map((p) => boxMean(p, w, h, reach)) };
  };
  const strokes = planes((i) => mask[i] === 1);
  const rest = planes((i) => area[i] === 1 && mask[i] === 0);
  // The crop reaches 3 px past the line wherever the photo does, so the ring is grown within it.
  const lineInCrop = new Uint8Array(n);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) lineInCrop[y * w + x] = area[at(x, y)];
  const ringArea = dilate(lineInCrop, w, h, 3);
  let ring = 0;
  let likeStrokes = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = at(x, y);
      const k = y * w + x;
      if (!ringArea[k] || area[i] || !strokes.weight[k] || !rest.weight[k]) continue;
      ring++;
      let toStroke = 0;
      let toRest = 0;
      for (let c = 0; c < 3; c++) {
        const v = data[i * channels + Math.min(c, channels - 1)];
        toStroke += (v - strokes.colour[c][k] / strokes.weight[k]) ** 2;
        toRest += (v - rest.colour[c][k] / rest.weight[k]) ** 2;
      }
      if (toStroke < toRest) likeStrokes++;
    }
  return { ring, likeStrokes };
}
