/**
 * Finding a red or glowing pupil in one eye. facemesh's 468 points have no iris, so the pupil is found in the
 * pixels: inside the eye's outline, a round blob that is red (hue near pure red, well saturated) or glowing
 * (bright, nearly colourless, larger than a catchlight, with darker iris on both sides along the eye, which
 * the white of the eye does not have).
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { FaceBox } from '../../../models/face';
import { connectedComponents } from '../../../lib/image/bitmap';
import { polygonMask, smoothstep, withHoles, type Point } from './masks';

/** Under this eye width (pixels) a glow is not told from the white of the eye; red pupils still are. */
const MIN_GLOW_EYE = 24;

/** One eye's pixels over its box, with their scores. */
export interface EyeCrop {
  box: FaceBox;
  /** Inside the landmarks' outline: where a pupil is looked for. */
  inside: Float32Array;
  /** Inside the outline as grown for the face regions' eye mask: where pixels may change. */
  may: Float32Array;
  red: Float32Array;
  glow: Float32Array;
  luma: Float32Array;
}

export interface Pupil {
  kind: 'red' | 'glow';
  /** The blob's pixels, 1 inside, over the eye's box. */
  member: Uint8Array;
  /** The blob with its holes (a catchlight) filled. */
  filled: Uint8Array;
  filledSize: number;
  /** Centre in image pixels. */
  c: Point;
  radius: number;
  size: number;
  /** The blob's mean colour and lightness. */
  rgb: [number, number, number];
  light: number;
  /** The iris round it: mean colour and lightness. */
  iris: { rgb: [number, number, number]; light: number };
}

/** The eye's geometry: its width in pixels and where a point lies along it (0 at the middle, in eye widths). */
export interface EyeAxis {
  width: number;
  along: (p: Point) => number;
}

/** How much a pixel is a red pupil's red: hue within a few degrees of red, well saturated, not dark. */
export function redness(r: number, g: number, b: number): number {
  const lo = Math.min(g, b);
  if (r <= Math.max(g, b) || r < 30) return 0;
  const hue = (60 * (g - b)) / (r - lo); // degrees from red: + towards orange (brown irises), - towards magenta
  const hueFit = hue >= 0 ? 1 - smoothstep(10, 20, hue) : 1 - smoothstep(20, 35, -hue);
  return hueFit * smoothstep(0.38, 0.55, (r - lo) / r) * smoothstep(80, 130, r);
}

/** How much a pixel looks like a flash's glow: bright and nearly colourless. */
function glow(r: number, g: number, b: number): number {
  const hi = Math.max(r, g, b);
  return smoothstep(135, 185, lumaOf(r, g, b)) * (1 - smoothstep(0.25, 0.45, (hi - Math.min(r, g, b)) / hi));
}

const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

export function eyeCrop(image: RawImage, box: FaceBox, outline: Point[], allowed: Point[]): EyeCrop {
  const { data, width, channels } = image;
  const n = box.width * box.height;
  const crop = {
    box,
    inside: polygonMask(box, outline),
    may: polygonMask(box, allowed),
    red: new Float32Array(n),
    glow: new Float32Array(n),
    luma: new Float32Array(n),
  };
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const i = ((box.y + y) * width + box.x + x) * channels;
      crop.red[p] = redness(data[i], data[i + 1], data[i + 2]);
      crop.glow[p] = glow(data[i], data[i + 1], data[i + 2]);
      crop.luma[p] = lumaOf(data[i], data[i + 1], data[i + 2]);
    }
  return crop;
}

/**
 * The red or glowing pupils in the eye: usually none. Red and glow are looked for apart, so a glow touching
 * reddish lids or a red pupil touching the white of the eye stays one round blob.
 */
export function findPupils(image: RawImage, crop: EyeCrop, eye: EyeAxis): Pupil[] {
  const { box } = crop;
  const found: Pupil[] = [];
  for (const kind of ['red', 'glow'] as const) {
    const score = crop[kind];
    const blob = new Uint8Array(box.width * box.height);
    for (let p = 0; p < blob.length; p++) if (crop.inside[p] && score[p] > 0.5) blob[p] = 1;
    const { labels, count, sizes, boxes } = connectedComponents(blob, box.width, box.height);
    for (let id = 1; id <= count; id++) {
      const b = boxes[id - 1];
      const [bw, bh] = [b.x1 - b.x0, b.y1 - b.y0];
      // No wider than an iris, and not a speck: a first cut before any measuring.
      if (Math.max(bw, bh) > 0.55 * eye.width || sizes[id - 1] < 4) continue;
      const pupil = measure(image, crop, labels, id, b, kind);
      if (isPupil(pupil, eye, bw, bh)) found.push(pupil);
    }
  }
  return found;
}

type Bounds = { x0: number; y0: number; x1: number; y1: number };

/** The blob's centre, size, colour and lightness, and the iris in a ring 1.15-1.6 radii round it. */
function measure(
  image: RawImage,
  crop: EyeCrop,
  labels: Int32Array,
  id: number,
  b: Bounds,
  kind: Pupil['kind'],
) {
  const { box } = crop;
  const { data, width, channels } = image;
  const member = new Uint8Array(labels.length);
  const rgb: [number, number, number] = [0, 0, 0];
  let [size, sx, sy, light] = [0, 0, 0, 0];
  for (let y = b.y0; y < b.y1; y++)
    for (let x = b.x0; x < b.x1; x++) {
      const p = y * box.width + x;
      if (labels[p] !== id) continue;
      member[p] = 1;
      size++;
      sx += x;
      sy += y;
      light += crop.luma[p];
      const i = ((box.y + y) * width + box.x + x) * channels;
      for (let k = 0; k < 3; k++) rgb[k] += data[i + k];
    }
  const filled = withHoles(member, box.width, box.height);
  const c = { x: box.x + sx / size + 0.5, y: box.y + sy / size + 0.5 };
  const radius = Math.max(b.x1 - b.x0, b.y1 - b.y0, 2 * Math.sqrt(size / Math.PI)) / 2;
  const pupil = {
    kind,
    member,
    filled,
    filledSize: filled.reduce((a, v) => a + v, 0),
    c,
    radius,
    size,
    rgb: rgb.map((v) => v / size) as [number, number, number],
    light: light / size,
  };
  return { ...pupil, ...ring(image, crop, pupil) };
}

/**
 * Round the blob, in a ring 1.15-1.6 radii out and inside the eye's outline: the iris's mean colour, lightness
 * and redness, and each sample's place and lightness (isPupil splits them by side); and the share of the
 * blob's middle (half its radius) that is dark and not red.
 */
function ring(image: RawImage, crop: EyeCrop, pupil: Pick<Pupil, 'filled' | 'c' | 'radius'>) {
  const { box } = crop;
  const { data, width, channels } = image;
  const rgb: [number, number, number] = [0, 0, 0];
  const samples: { at: Point; light: number }[] = [];
  let [light, red, core, dark] = [0, 0, 0, 0];
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const at = { x: box.x + x + 0.5, y: box.y + y + 0.5 };
      const d = Math.hypot(at.x - pupil.c.x, at.y - pupil.c.y) / pupil.radius;
      if (d < 0.5) {
        core++;
        if (crop.luma[p] < 40 && crop.red[p] < 0.3) dark++;
      }
      if (!crop.inside[p] || pupil.filled[p] || d < 1.15 || d > 1.6) continue;
      const i = ((box.y + y) * width + box.x + x) * channels;
      for (let k = 0; k < 3; k++) rgb[k] += data[i + k];
      light += crop.luma[p];
      red += crop.red[p];
      samples.push({ at, light: crop.luma[p] });
    }
  const count = Math.max(1, samples.length);
  return {
    iris: { rgb: rgb.map((v) => v / count) as [number, number, number], light: light / count },
    ringRed: red / count,
    ringSamples: samples,
    darkCore: core ? dark / core : 0,
  };
}

/**
 * A blob is a pupil when it is round, sits in the middle part of the eye and the iris round it is not red
 * too (a red-brown iris, a warm-tinted photo: red all round, often with the real dark pupil inside). A glow
 * must also be larger than a catchlight and have darker iris on both sides along the eye.
 */
function isPupil(pupil: ReturnType<typeof measure>, eye: EyeAxis, bw: number, bh: number): boolean {
  const u = Math.abs(eye.along(pupil.c));
  if (u > 0.3) return false;
  // A pupil is a disk, clipped by the lids at most: it fills most of its box's inscribed ellipse.
  if (bw * bh > 4 && pupil.filledSize < 0.6 * (Math.PI / 4) * bw * bh) return false;
  const middle = eye.along(pupil.c);
  const sides = [0, 1].map((s) => pupil.ringSamples.filter((q) => eye.along(q.at) < middle === (s === 0)));
  if (pupil.kind === 'red') {
    if (pupil.size < Math.max(4, 0.008 * eye.width * eye.width)) return false;
    return pupil.ringRed < 0.3 && pupil.darkCore < 0.25 && sides.every((side) => side.length > 0);
  }
  // A glowing pupil is a dilated one (radius 0.08 eye widths and up) near the middle; the patches of white
  // beside the iris lie further out. In an eye under MIN_GLOW_EYE wide the iris between them is a pixel or two.
  if (eye.width < MIN_GLOW_EYE || u > 0.22 || pupil.size < 0.02 * eye.width * eye.width) return false;
  return sides.every(
    (side) => side.length >= 2 && side.reduce((s, q) => s + q.light, 0) / side.length < 0.75 * pupil.light,
  );
}
