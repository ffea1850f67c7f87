/**
 * A part of the photo blurred past recognition, for privacy: faces, a number plate, a name the person shows.
 * Inside the region the photo is replaced by a strong blur of itself, fading in over a few pixels so that no
 * hard edge shows where the blur ends; the rest of the photo stays as it was, byte for byte.
 */
import { maskBounds } from '../../../lib/image/bitmap';
import type { RawImage } from '../../../lib/image/raw-image';
import type { FaceBox } from '../../../models/face';
import { boxMean } from '../../../models/guided-filter/guided-filter';

/** The blur's reach, as a share of the region's shorter side: enough that features and letters are gone. */
const REACH = 0.25;

/** A copy of the photo blurred where `weights` (0..1 per pixel) says, within `box`, the region's bounds. */
export function blurRegion(image: RawImage, weights: Float32Array, box: FaceBox): RawImage {
  const out = { ...image, data: image.data.slice() };
  if (box.width <= 0 || box.height <= 0) return out;
  const { width, channels, data } = image;
  const r = Math.max(2, Math.round(REACH * Math.min(box.width, box.height)));
  // The blur reads the photo round the region too, so the region's rim averages in its surroundings.
  const x0 = Math.max(0, box.x - r);
  const y0 = Math.max(0, box.y - r);
  const x1 = Math.min(width, box.x + box.width + r);
  const y1 = Math.min(image.height, box.y + box.height + r);
  const [w, h] = [x1 - x0, y1 - y0];
  const colours = Math.min(3, channels);
  for (let c = 0; c < colours; c++) {
    const plane = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) plane[y * w + x] = data[((y0 + y) * width + x0 + x) * channels + c];
    // Three box passes: close to a Gaussian, and as strong at the region's middle as at its rim.
    const blurred = boxMean(boxMean(boxMean(plane, w, h, r), w, h, r), w, h, r);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const p = (y0 + y) * width + x0 + x;
        const k = weights[p];
        if (k <= 0) continue;
        const i = p * channels + c;
        out.data[i] = Math.round(data[i] + k * (blurred[y * w + x] - data[i]));
      }
  }
  return out;
}

/** 0..1 per pixel: ellipses round the face boxes (grown to take in hair and chin), soft at their edge. */
export function faceEllipses(boxes: readonly FaceBox[], width: number, height: number): Float32Array {
  const weights = new Float32Array(width * height);
  for (const b of boxes) {
    const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
    const [rx, ry] = [0.65 * b.width, 0.75 * b.height];
    const edge = 0.15;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(height, Math.ceil(cy + ry)); y++)
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(width, Math.ceil(cx + rx)); x++) {
        const d = Math.hypot((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry);
        const k = Math.min(1, Math.max(0, (1 - d) / edge));
        const p = y * width + x;
        weights[p] = Math.max(weights[p], k);
      }
  }
  return weights;
}

/** 0..1 per pixel: the person's marked pixels, grown a little and soft at the rim, so a tight brush still hides. */
export function markedWeights(mask: Uint8Array, width: number, height: number): Float32Array {
  const r = Math.max(2, Math.round(Math.min(width, height) / 200));
  const spread = boxMean(
    Float32Array.from(mask, (v) => (v ? 1 : 0)),
    width,
    height,
    r,
  );
  return spread.map((v) => Math.min(1, 2 * v));
}

/** The box holding every pixel of weight above 0, or an empty box. */
export function boundsOfWeights(weights: Float32Array, width: number): FaceBox {
  const height = weights.length / width;
  const box = maskBounds(
    Uint8Array.from(weights, (v) => (v > 0 ? 1 : 0)),
    width,
    height,
  );
  return box
    ? { x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 }
    : { x: 0, y: 0, width: 0, height: 0 };
}
