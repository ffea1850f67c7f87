/**
 * Selective colour: the photo in black and white except where a mask keeps its colour, blended through the
 * mask so the change fades in over a few pixels. The masks come from the face landmarks (eyes, lips), a
 * detector's object mask, or a named hue (hue-mask.ts).
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { feather, fillPolygon, outline, scalePolygon } from '../../../models/face/regions';
import { boxMean } from '../../../models/guided-filter/guided-filter';
import { boundsOf, type Point } from './masks';

export { hueOf, keepHue, type HueName } from './hue-mask';

/** Rec. 601 luma, as the black-and-white step uses, so both give the same greys. */
const [WR, WG, WB] = [0.299, 0.587, 0.114];

/**
 * A copy of the photo in black and white except where `keep` (0..1 per pixel, the image's size) is 1; in
 * between, colour fades towards grey in proportion. Alpha is kept.
 */
export function selectiveColour(image: RawImage, keep: Float32Array): RawImage {
  const { data, width, height, channels } = image;
  if (keep.length !== width * height) throw new Error('the keep mask must have one value per pixel');
  const out = { ...image, data: data.slice() };
  if (channels < 3) return out;
  // A clamped view rounds as it stores: no Math.round per channel on a 12-megapixel photo.
  const dst = new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.length);
  for (let p = 0, i = 0; p < keep.length; p++, i += channels) {
    const k = keep[p];
    if (k >= 1) continue;
    const grey = WR * data[i] + WG * data[i + 1] + WB * data[i + 2];
    if (k <= 0) {
      dst[i] = dst[i + 1] = dst[i + 2] = grey;
      continue;
    }
    dst[i] = grey + k * (data[i] - grey);
    dst[i + 1] = grey + k * (data[i + 1] - grey);
    dst[i + 2] = grey + k * (data[i + 2] - grey);
  }
  return out;
}

/** The eyes of every face: their outlines, softened by about a hundredth of the face across the lid line. */
export function keepEyes(faces: readonly Face[], width: number, height: number): Float32Array {
  const keep = new Float32Array(width * height);
  for (const face of faces)
    for (const eye of [LANDMARKS.rightEye, LANDMARKS.leftEye])
      addSoft(keep, width, height, face, [outline(face, eye)]);
  return keep;
}

/**
 * The lips of every face: the ring between the outer and inner lip lines (an open mouth's inside is not lip),
 * drawn a little wide of both, so the fade to grey falls just outside the lips and they keep their full colour.
 */
export function keepLips(faces: readonly Face[], width: number, height: number): Float32Array {
  const keep = new Float32Array(width * height);
  for (const face of faces) {
    const outer = scalePolygon(outline(face, LANDMARKS.lipsOuter), 1.04);
    const inner = scalePolygon(outline(face, LANDMARKS.lipsInner), 0.92);
    addSoft(keep, width, height, face, [outer], [inner]);
  }
  return keep;
}

/**
 * A detector's 0/1 object mask (the image's size) softened over a few pixels. `shrink` pixels come off its
 * edge first, for a mask grown for removal (which must cover soft edges) that should not colour a halo here.
 */
export function keepObject(mask: Uint8Array, width: number, height: number, shrink = 0): Float32Array {
  let keep = Float32Array.from(mask, (v) => (v ? 1 : 0));
  if (shrink >= 1) keep = boxMean(keep, width, height, Math.round(shrink)).map((v) => (v > 0.999 ? 1 : 0));
  const soft = Math.max(1, Math.round(Math.max(width, height) / 800));
  return boxMean(boxMean(keep, width, height, soft), width, height, soft);
}

/** The polygons less the holes, feathered by the face's size, added (by max) into `keep` over their box. */
function addSoft(
  keep: Float32Array,
  width: number,
  height: number,
  face: Face,
  polygons: Point[][],
  holes: Point[][] = [],
): void {
  const size = Math.max(face.box.width, face.box.height);
  const soft = Math.max(1, 0.008 * size);
  const box = boundsOf(polygons.flat(), width, height, 3 * soft + 1);
  if (box.width < 1 || box.height < 1) return;
  const inside = new Float32Array(box.width * box.height);
  for (const polygon of polygons) fillPolygon(inside, box, polygon);
  if (holes.length) {
    const out = new Float32Array(inside.length);
    for (const hole of holes) fillPolygon(out, box, hole);
    for (let p = 0; p < inside.length; p++) inside[p] *= 1 - out[p];
  }
  const mask = feather(inside, box.width, box.height, soft);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const p = (box.y + y) * width + box.x + x;
      keep[p] = Math.max(keep[p], mask[y * box.width + x]);
    }
}
