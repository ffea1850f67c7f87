import { connectedComponents, type Bitmap } from '../../lib/image/bitmap';

/** A part of the mask of which inversion explained less than this share is filled by completion for the check. */
const CHECK_BY_COMPLETION = 0.5;
/** A part that fills this share of its bounding box is a painted box, whose check needs completion's texture. */
const PAINTED_BOX = 0.9;

/**
 * The connected parts of `region` whose check fill needs completion: those inversion mostly lost (less than
 * CHECK_BY_COMPLETION not lost), and painted boxes, where a fit can invert the photo's own variations around a
 * date stamp or a word, which only a textured estimate of the photo tells from the mark (inverted-photo.ts).
 */
export function partsForCompletion(region: Bitmap, alpha: Float32Array, w: number, h: number): Uint8Array {
  const { labels, count, sizes, boxes } = connectedComponents(region, w, h);
  const explained = new Float64Array(count + 1);
  for (let i = 0; i < region.length; i++) if (region[i] && alpha[i] < 1) explained[labels[i]]++;
  const needs = new Uint8Array(count + 1);
  for (let id = 1; id <= count; id++) {
    const { x0, y0, x1, y1 } = boxes[id - 1];
    const size = sizes[id - 1];
    needs[id] =
      explained[id] < CHECK_BY_COMPLETION * size || size >= PAINTED_BOX * (x1 - x0) * (y1 - y0) ? 1 : 0;
  }
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < region.length; i++) if (region[i] && needs[labels[i]]) parts[i] = 1;
  return parts;
}
