/**
 * Teeth whitened: inside the mouth's opening, the pixels that look like teeth (light, low in chroma, not red
 * like lips, gums and tongue) lose some yellow (b* in Lab) and a little pink (a*), and gain a little lightness,
 * through a feathered weight that never reaches past the outer lip line. facemesh's inner lip line runs a
 * little inside the real opening of a wide smile, so the opening is taken halfway out to the outer lip line;
 * the colour test keeps the lips themselves out.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { feather, outline } from '../../../models/face/regions';
import { boxMean } from '../../../models/guided-filter/guided-filter';
import { fromLab, toLab } from './lab';
import { boundsOf, polygonMask, smoothstep, type Point } from './masks';

/** How far from the inner lip line towards the outer one the opening is taken (0 inner, 1 outer). */
const OPENING = 0.5;
/**
 * The inner lip line's area over its width squared below which the mouth is shut: about 0.01-0.03 for closed
 * lips, 0.13-0.3 for the smiles and laughs of the shared portraits. A beard under a shut mouth is light and
 * low in chroma too; it must not be whitened.
 */
const MIN_OPEN = 0.05;
/** At amount 1: the share of the yellow above NATURAL_B taken out, and the lightness added (L*, at L* 50). */
const YELLOW_OUT = 0.7;
const LIGHT_UP = 7;
/** Clean teeth are not colourless: a slight warmth (b*) is left, or they look grey or blue. */
const NATURAL_B = 3;

/** A copy of the photo with each face's teeth whitened by `amount` (0..1). */
export function whitenTeeth(image: RawImage, faces: readonly Face[], amount: number): RawImage {
  const out = { ...image, data: image.data.slice() };
  const strength = Math.min(1, Math.max(0, amount));
  if (image.channels < 3 || strength === 0) return out;
  for (const face of faces) whitenMouth(image, out, face, strength);
  return out;
}

/**
 * The mouth's opening: the inner lip line moved OPENING of the way out to the outer one, point by point (the
 * two lines have 20 points each, in step: the corners are points 0 and 10 of both).
 */
export function mouthOpening(face: Face): Point[] {
  const inner = outline(face, LANDMARKS.lipsInner);
  const outer = outline(face, LANDMARKS.lipsOuter);
  return inner.map((p, i) => ({
    x: p.x + OPENING * (outer[i].x - p.x),
    y: p.y + OPENING * (outer[i].y - p.y),
  }));
}

/**
 * How much a pixel (L*, a*, b*) looks like a tooth, given the mouth's lightest teeth-coloured level `top`:
 * light for this mouth, not red (lips, gums and tongue have a* of 15 and more), not strongly coloured.
 */
function toothness(l: number, a: number, b: number, top: number): number {
  const chroma = Math.hypot(a, b);
  return (
    smoothstep(0.45 * top, 0.65 * top, l) * (1 - smoothstep(9, 16, a)) * (1 - smoothstep(28, 40, chroma))
  );
}

/** The inner lip line's area over its width squared: how far the mouth is open. */
function openness(face: Face): number {
  const inner = outline(face, LANDMARKS.lipsInner);
  let area = 0;
  for (let i = 0, j = inner.length - 1; i < inner.length; j = i++)
    area += (inner[j].x * inner[i].y - inner[i].x * inner[j].y) / 2;
  const width = Math.hypot(inner[0].x - inner[10].x, inner[0].y - inner[10].y);
  return width > 0 ? Math.abs(area) / (width * width) : 0;
}

function whitenMouth(image: RawImage, out: RawImage, face: Face, amount: number): void {
  if (openness(face) < MIN_OPEN) return;
  const opening = mouthOpening(face);
  const mouthWidth = Math.hypot(opening[0].x - opening[10].x, opening[0].y - opening[10].y);
  if (mouthWidth < 6) return;
  const soft = Math.max(1, 0.03 * mouthWidth);
  const box = boundsOf(opening, image.width, image.height, 2 * soft + 1);
  if (box.width < 3 || box.height < 3) return;
  // Feathered, yet never past the outer lip line: skin at the mouth's corners stays as it was.
  const region = feather(polygonMask(box, opening), box.width, box.height, soft);
  const lips = polygonMask(box, outline(face, LANDMARKS.lipsOuter));
  for (let p = 0; p < region.length; p++) region[p] *= lips[p];
  const n = box.width * box.height;
  const lab = new Float32Array(n * 3);
  const { data, width, channels } = image;
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const i = ((box.y + y) * width + box.x + x) * channels;
      toLab(data[i], data[i + 1], data[i + 2], lab, p * 3);
    }
  const top = teethLevel(lab, region);
  if (top < 40) return; // a closed or dark mouth: nothing light enough to be teeth
  const score = new Float32Array(n);
  for (let p = 0; p < n; p++)
    if (region[p] > 0) score[p] = toothness(lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2], top);
  // A pixel-wide blur: the gaps between teeth and JPEG noise should not speckle the weight.
  const smooth = boxMean(score, box.width, box.height, 1);
  const pixel = new Uint8Array(3);
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const w = amount * region[p] * Math.min(score[p], smooth[p]);
      if (w <= 0.002) continue;
      const l = lab[p * 3];
      const b = lab[p * 3 + 2];
      const whiter = b - w * YELLOW_OUT * Math.max(0, b - NATURAL_B);
      const lighter = l + w * LIGHT_UP * Math.min(1, (100 - l) / 50);
      fromLab(lighter, lab[p * 3 + 1] * (1 - 0.3 * w), whiter, pixel);
      const i = ((box.y + y) * width + box.x + x) * channels;
      out.data.set(pixel, i);
    }
}

/**
 * The lightness teeth have in this mouth: a high percentile of L* over the opening's low-chroma, not-red
 * pixels. Teeth in shadow are darker than teeth in the sun, so the tooth test is relative to it.
 */
function teethLevel(lab: Float32Array, region: Float32Array): number {
  const values: number[] = [];
  for (let p = 0; p < region.length; p++) {
    if (region[p] < 0.5) continue;
    const [l, a, b] = [lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2]];
    if (a < 12 && Math.hypot(a, b) < 35) values.push(l);
  }
  if (values.length < 8) return 0;
  values.sort((x, y) => x - y);
  return values[Math.floor(0.9 * (values.length - 1))];
}
