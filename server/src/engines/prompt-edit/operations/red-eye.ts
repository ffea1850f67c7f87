/**
 * Red and glowing pupils made dark, from the face landmarks: each eye's pupil is found in its pixels
 * (pupil.ts), then made a dark pupil of the iris's own tint, its texture and catchlight kept. Only pixels
 * inside the eye outline grown as the face regions grow it (x1.15) can change; a photo without red or glowing
 * pupils comes back byte for byte.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { outline, scalePolygon } from '../../../models/face/regions';
import { boundsOf, grown, smoothstep, type Point } from './masks';
import { eyeCrop, findPupils, type EyeAxis, type EyeCrop, type Pupil } from './pupil';

/** The eye's corners, outer then inner, in facemesh's numbering. */
const CORNERS = { rightEye: [33, 133], leftEye: [263, 362] } as const;
/** A natural pupil's lightness (8-bit luma): dark, yet not a flat black hole. */
const PUPIL_LEVEL = 30;
/** How much of the iris's tint the new pupil takes: a brown eye's pupil is a very dark brown, not grey. */
const IRIS_TINT = 0.5;
/** Under this width in pixels an eye's pupil is a pixel or two: nothing to find. */
const MIN_EYE_WIDTH = 8;

/** A copy of the photo with each face's red or glowing pupils darkened. */
export function fixRedEye(image: RawImage, faces: readonly Face[]): RawImage {
  const out = { ...image, data: image.data.slice() };
  if (image.channels < 3) return out;
  for (const face of faces) for (const eye of ['rightEye', 'leftEye'] as const) fixEye(image, out, face, eye);
  return out;
}

function fixEye(image: RawImage, out: RawImage, face: Face, eye: 'rightEye' | 'leftEye'): void {
  const [outer, inner] = CORNERS[eye].map((i) => ({ x: face.mesh[i * 3], y: face.mesh[i * 3 + 1] }));
  const axis = axisOf(outer, inner);
  if (axis.width < MIN_EYE_WIDTH) return;
  const shape = outline(face, LANDMARKS[eye]);
  const allowed = scalePolygon(shape, 1.15); // as the face regions' eye mask is drawn
  const box = boundsOf(allowed, image.width, image.height);
  if (box.width < 3 || box.height < 3) return;
  const crop = eyeCrop(image, box, shape, allowed);
  for (const pupil of findPupils(image, crop, axis)) darken(image, out, crop, pupil);
}

function axisOf(outer: Point, inner: Point): EyeAxis {
  const mid = { x: (outer.x + inner.x) / 2, y: (outer.y + inner.y) / 2 };
  const dx = inner.x - outer.x;
  const dy = inner.y - outer.y;
  const len2 = dx * dx + dy * dy;
  return { width: Math.sqrt(len2), along: (p) => ((p.x - mid.x) * dx + (p.y - mid.y) * dy) / len2 };
}

/**
 * The pupil made dark through a soft disk. Inside the blob (and its holes) each pixel goes to the new pupil by
 * its own score, red or glow, so a soft-edged red fades out as it came in; red counts anywhere in the disk, glow
 * only there (the white of the eye can reach into the disk). On the blob's rim a pixel that reads as a blend of
 * pupil and iris has the pupil's share taken out and the new pupil's put in. A catchlight is kept.
 */
function darken(image: RawImage, out: RawImage, crop: EyeCrop, pupil: Pupil): void {
  const { data, width, channels } = image;
  const { box, may } = crop;
  const near = grown(pupil.filled, box.width, box.height, Math.max(2, Math.round(0.25 * pupil.radius)));
  const blend = blendOf(pupil);
  let baseSum = 0;
  let peak = 0;
  for (let p = 0; p < may.length; p++) {
    if (pupil.filled[p]) peak = Math.max(peak, crop.luma[p]);
    if (pupil.member[p]) baseSum += textureOf(data, pixelAt(box, p, width, channels));
  }
  const baseMean = Math.max(1, baseSum / pupil.size);
  const spot = catchlight(crop, pupil, peak);
  const tint = tintOf(pupil.iris);
  const reach = pupil.radius * 1.2;
  const edge = Math.max(0.7, 0.2 * pupil.radius);
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      if (!may[p] || spot[p] >= 1) continue;
      const i = ((box.y + y) * width + box.x + x) * channels;
      const own = Math.max(crop.red[p], pupil.filled[p] ? crop.glow[p] : 0);
      const share = near[p] && !pupil.filled[p] ? blend(data[i], data[i + 1], data[i + 2]) : 0;
      if (own <= 0.1 && share <= 0) continue;
      const d = Math.hypot(box.x + x + 0.5 - pupil.c.x, box.y + y + 0.5 - pupil.c.y);
      const keep = (1 - smoothstep(reach - edge, reach + edge, d)) * (1 - spot[p]);
      const w = keep * smoothstep(0.1, 0.6, own);
      const u = keep * share;
      // The texture the red or glow carried, at a pupil's low contrast.
      const level = Math.min(60, Math.max(8, PUPIL_LEVEL * Math.sqrt(textureOf(data, i) / baseMean)));
      for (let k = 0; k < 3; k++) {
        const target = level * tint[k];
        const unmixed = data[i + k] - u * (pupil.rgb[k] - target);
        out.data[i + k] = Math.min(255, Math.max(0, Math.round(unmixed * (1 - w) + target * w)));
      }
    }
}

/** Green and blue carry a red pupil's texture (its red is the flash's); in a glow they follow its lightness. */
const textureOf = (data: Uint8Array, i: number) => (data[i + 1] + data[i + 2]) / 2;

const pixelAt = (box: EyeCrop['box'], p: number, width: number, channels: number) =>
  ((box.y + Math.floor(p / box.width)) * width + box.x + (p % box.width)) * channels;

/**
 * How much of the pupil's colour a pixel holds, read as a blend of iris and pupil: its position along the
 * line from the iris's colour to the pupil's, 0 when it lies far off that line (the white of the eye, lids).
 */
function blendOf(pupil: Pupil): (r: number, g: number, b: number) => number {
  const [ir, ig, ib] = pupil.iris.rgb;
  const d = [pupil.rgb[0] - ir, pupil.rgb[1] - ig, pupil.rgb[2] - ib];
  const len2 = Math.max(1, d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  return (r, g, b) => {
    const v = [r - ir, g - ig, b - ib];
    const t = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / len2;
    const off = Math.hypot(v[0] - t * d[0], v[1] - t * d[1], v[2] - t * d[2]) / Math.sqrt(len2);
    return Math.min(1, Math.max(0, t)) * (1 - smoothstep(0.3, 0.6, off));
  };
}

/** Per channel, the pupil's colour over its lightness: part iris tint, part neutral. */
function tintOf(iris: Pupil['iris']): [number, number, number] {
  const light = Math.max(1, iris.light);
  return iris.rgb.map((v) => 1 - IRIS_TINT + (IRIS_TINT * v) / light) as [number, number, number];
}

/**
 * 0..1 per pixel of the eye's box: how much of it is the catchlight to keep. It is the spot round the pupil's
 * brightest pixel, when that spot is small; when it is not, the pupil glows all over and keeps a small disk
 * where it is brightest.
 */
function catchlight(crop: EyeCrop, pupil: Pupil, peak: number): Float32Array {
  const { box, luma } = crop;
  const keep = new Float32Array(luma.length);
  if (peak < 200) return keep;
  let start = -1;
  for (let p = 0; p < luma.length && start < 0; p++) if (pupil.filled[p] && luma[p] === peak) start = p;
  const stack = [start];
  keep[start] = 1;
  let [count, sx, sy] = [0, 0, 0];
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % box.width;
    count++;
    sx += x;
    sy += (p - x) / box.width;
    for (const q of [p - 1, p + 1, p - box.width, p + box.width]) {
      if (q < 0 || q >= luma.length || keep[q] || !pupil.filled[q] || luma[q] < peak - 20) continue;
      if (Math.abs((q % box.width) - x) > 1) continue; // no wrapping round the row's end
      keep[q] = 1;
      stack.push(q);
    }
  }
  if (count <= 0.15 * Math.PI * pupil.radius * pupil.radius) return keep;
  const cx = sx / count + 0.5;
  const cy = sy / count + 0.5;
  const r = Math.max(0.8, 0.18 * pupil.radius);
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++)
      keep[p] = 1 - smoothstep(r, r + 1, Math.hypot(x + 0.5 - cx, y + 0.5 - cy));
  return keep;
}
