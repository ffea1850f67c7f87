/**
 * Faults painted onto real portraits at their landmarks, for the face operations' tests: red or glowing pupils,
 * yellow teeth, a sunburnt patch. Each painter works on a copy and says where it painted.
 */
import type { RawImage } from '../../src/lib/image/raw-image';
import type { Face } from '../../src/models/face';
import { LANDMARKS } from '../../src/models/face/landmarks';
import { fillPolygon, outline } from '../../src/models/face/regions';

export type Rgb = readonly [number, number, number];
type Point = { x: number; y: number };

export const copyOf = (image: RawImage): RawImage => ({ ...image, data: image.data.slice() });

/** The eye's outline centre and its width (corner to corner). */
export function eyeOf(face: Face, eye: 'rightEye' | 'leftEye'): { c: Point; width: number } {
  const points = outline(face, LANDMARKS[eye]);
  const c = {
    x: points.reduce((s, p) => s + p.x, 0) / points.length,
    y: points.reduce((s, p) => s + p.y, 0) / points.length,
  };
  const [a, b] = eye === 'rightEye' ? [33, 133] : [263, 362];
  const width = Math.hypot(face.mesh[a * 3] - face.mesh[b * 3], face.mesh[a * 3 + 1] - face.mesh[b * 3 + 1]);
  return { c, width };
}

/** 1 inside the polygon over the whole image. */
export function polygonOver(image: RawImage, points: readonly Point[]): Float32Array {
  const mask = new Float32Array(image.width * image.height);
  fillPolygon(mask, { x: 0, y: 0, width: image.width, height: image.height }, points);
  return mask;
}

/** 1 inside either eye's outline over the whole image: where an eye operation may change pixels. */
export function eyesOver(image: RawImage, face: Face): Float32Array {
  return [LANDMARKS.rightEye, LANDMARKS.leftEye]
    .map((eye) => polygonOver(image, outline(face, eye)))
    .reduce((a, b) => a.map((v, p) => Math.max(v, b[p])));
}

/**
 * Pupils of `colour` (its texture following the photo's own lightness) in a disk of `radius` eye widths with a
 * soft rim, clipped by the eyelids (the eye's outline), and a white catchlight up and to the side when asked.
 * Answers the disks' weights over the image, 0..1.
 */
export function paintPupils(
  image: RawImage,
  face: Face,
  colour: Rgb,
  { radius = 0.1, catchlight = false } = {},
): { image: RawImage; disk: Float32Array } {
  const out = copyOf(image);
  const disk = new Float32Array(image.width * image.height);
  for (const eye of ['rightEye', 'leftEye'] as const) {
    const { c, width } = eyeOf(face, eye);
    const r = radius * width;
    const lids = polygonOver(image, outline(face, LANDMARKS[eye]));
    const rim = Math.max(1, 0.25 * r);
    for (let y = Math.floor(c.y - r - rim); y <= Math.ceil(c.y + r + rim); y++)
      for (let x = Math.floor(c.x - r - rim); x <= Math.ceil(c.x + r + rim); x++) {
        const p = y * image.width + x;
        const d = Math.hypot(x + 0.5 - c.x, y + 0.5 - c.y);
        const w = lids[p] * Math.min(1, Math.max(0, (r + rim / 2 - d) / rim));
        if (w <= 0) continue;
        disk[p] = w;
        const i = p * image.channels;
        const light = (0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2]) / 255;
        const shade = 0.8 + 0.4 * light;
        const spot =
          catchlight && Math.hypot(x + 0.5 - (c.x - 0.3 * r), y + 0.5 - (c.y - 0.3 * r)) < 0.22 * r;
        for (let k = 0; k < 3; k++) {
          const paint = spot ? 252 : Math.min(255, colour[k] * shade);
          out.data[i + k] = Math.round(image.data[i + k] * (1 - w) + paint * w);
        }
      }
  }
  return { image: out, disk };
}

/** Mean of `value` over pixels weighted by `weight` (those over `floor`). */
export function weightedMean(
  image: RawImage,
  weight: Float32Array,
  value: (r: number, g: number, b: number) => number,
  floor = 0.5,
): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < weight.length; p++) {
    if (weight[p] <= floor) continue;
    const i = p * image.channels;
    sum += value(image.data[i], image.data[i + 1], image.data[i + 2]);
    count++;
  }
  return count ? sum / count : NaN;
}

/** Positions (pixel indices) where two images of one size differ in any colour channel. */
export function changedPixels(a: RawImage, b: RawImage): number[] {
  const out: number[] = [];
  for (let p = 0, i = 0; p < a.width * a.height; p++, i += a.channels)
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2])
      out.push(p);
  return out;
}

/**
 * A sunburnt patch on a cheek (facemesh point `at`: 50 is the person's right cheek, 280 the left): red added
 * and green and blue taken away by up to `strength` levels, fading out over a disk of `radius` face widths.
 * Answers the patch's weights over the image, 0..1.
 */
export function paintRedCheek(
  image: RawImage,
  face: Face,
  { strength = 30, radius = 0.13, at = 50 } = {},
): { image: RawImage; patch: Float32Array } {
  const out = copyOf(image);
  const patch = new Float32Array(image.width * image.height);
  const c = { x: face.mesh[at * 3], y: face.mesh[at * 3 + 1] };
  const r = radius * face.box.width;
  for (let y = Math.max(0, Math.floor(c.y - r)); y <= Math.min(image.height - 1, Math.ceil(c.y + r)); y++)
    for (let x = Math.max(0, Math.floor(c.x - r)); x <= Math.min(image.width - 1, Math.ceil(c.x + r)); x++) {
      const d = Math.hypot(x + 0.5 - c.x, y + 0.5 - c.y) / r;
      if (d >= 1) continue;
      const w = d < 0.6 ? 1 : 1 - (d - 0.6) / 0.4;
      const p = y * image.width + x;
      patch[p] = w;
      const i = p * image.channels;
      out.data[i] = Math.min(255, Math.round(image.data[i] + strength * 0.6 * w));
      out.data[i + 1] = Math.max(0, Math.round(image.data[i + 1] - strength * w));
      out.data[i + 2] = Math.max(0, Math.round(image.data[i + 2] - strength * 0.6 * w));
    }
  return { image: out, patch };
}

/**
 * Bloodshot whites: red veins, about `thickness` eye widths wide, running in from both corners of each eye
 * towards its iris (left clear within `iris` eye widths of the eye's centre), and a faint pink flush over the
 * white, clipped to the eye's outline. Answers the veins' weights over the image, 0..1.
 */
export function paintBloodshot(
  image: RawImage,
  face: Face,
  { strength = 35, iris = 0.24, thickness = 0.035 } = {},
): { image: RawImage; veins: Float32Array } {
  const out = copyOf(image);
  const veins = new Float32Array(image.width * image.height);
  for (const eye of ['rightEye', 'leftEye'] as const) {
    const { c, width } = eyeOf(face, eye);
    const lids = polygonOver(image, outline(face, LANDMARKS[eye]));
    const half = Math.max(0.8, (thickness * width) / 2);
    // Veins as short segments from a corner inwards, fanning out at these angles off the eye's axis.
    const segments = [-0.35, -0.1, 0.15, 0.4].flatMap((angle) =>
      [-1, 1].map((side) => {
        const from = {
          x: c.x + side * 0.5 * width * Math.cos(angle),
          y: c.y + 0.5 * width * Math.sin(angle),
        };
        const to = { x: c.x + side * (iris + 0.02) * width, y: c.y + 0.3 * (from.y - c.y) };
        return [from, to] as const;
      }),
    );
    const x0 = Math.floor(c.x - width);
    const y0 = Math.floor(c.y - width / 2);
    for (let y = y0; y <= y0 + width; y++)
      for (let x = x0; x <= x0 + 2 * width; x++) {
        const p = y * image.width + x;
        if (!lids[p]) continue;
        const q = { x: x + 0.5, y: y + 0.5 };
        if (Math.hypot(q.x - c.x, q.y - c.y) < iris * width) continue;
        const d = Math.min(...segments.map(([a, b]) => distanceToSegment(q, a, b)));
        const vein = Math.min(1, Math.max(0, half + 0.5 - d));
        veins[p] = vein;
        const s = 0.15 * strength + vein * strength;
        const i = p * image.channels;
        out.data[i] = Math.min(255, Math.round(image.data[i] + 0.2 * s));
        out.data[i + 1] = Math.max(0, Math.round(image.data[i + 1] - s));
        out.data[i + 2] = Math.max(0, Math.round(image.data[i + 2] - 0.7 * s));
      }
  }
  return { image: out, veins };
}

function distanceToSegment(q: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.min(1, Math.max(0, ((q.x - a.x) * dx + (q.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(q.x - a.x - t * dx, q.y - a.y - t * dy);
}
