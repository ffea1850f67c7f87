/**
 * Eyes brightened, as a retoucher dodges them: inside each eye's outline the iris and the whites are lifted
 * (the iris most, the whites towards white but never past it), the iris's own texture is given a little more
 * contrast and its colour a little more chroma, and the pupil, the darkest part, stays dark. The weight is
 * feathered inwards from the outline, so the lids and lashes beyond it are left as they were.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { outline } from '../../../models/face/regions';
import { boxMean } from '../../../models/guided-filter/guided-filter';
import { fromLab } from './lab';
import { eyeArea } from './eye-area';
import { smoothstep, type Point } from './masks';

/** At amount 1: the most L* added (to an iris of L* 35-60), the share of local contrast added, the chroma gain. */
const LIFT = 12;
const CRISP = 0.5;
const CHROMA = 0.2;
/** Under this width in pixels an eye is too small to brighten without brightening the lids. */
const MIN_EYE_WIDTH = 10;

/** A copy of the photo with each face's eyes brightened by `amount` (0..1). */
export function brightenEyes(image: RawImage, faces: readonly Face[], amount: number): RawImage {
  const out = { ...image, data: image.data.slice() };
  const strength = Math.min(1, Math.max(0, amount));
  if (image.channels < 3 || strength === 0) return out;
  for (const face of faces)
    for (const eye of [LANDMARKS.rightEye, LANDMARKS.leftEye])
      brightenEye(image, out, outline(face, eye), strength);
  return out;
}

/** How much L* a pixel of lightness `l` gains at full weight: none in the pupil, most in the iris, less near white. */
export function liftAt(l: number): number {
  return LIFT * smoothstep(12, 35, l) * Math.min(1, (100 - l) / 40);
}

function brightenEye(image: RawImage, out: RawImage, shape: Point[], amount: number): void {
  const eye = eyeArea(image, shape, 0.05, MIN_EYE_WIDTH);
  if (!eye) return;
  const { box, eyeWidth, region, lab } = eye;
  const lightness = new Float32Array(box.width * box.height);
  for (let p = 0; p < lightness.length; p++) lightness[p] = lab[p * 3];
  // The iris's texture is what differs from its surroundings at a few pixels' reach
  const near = boxMean(lightness, box.width, box.height, Math.max(1, Math.round(0.06 * eyeWidth)));
  const pixel = new Uint8Array(3);
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const w = amount * region[p];
      if (w <= 0.002) continue;
      const [l, a, b] = [lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2]];
      const crisp = CRISP * (l - near[p]) * smoothstep(12, 30, l);
      const lighter = Math.min(100, l + w * (liftAt(l) + crisp));
      // (the whites keep their near-neutral colour: only the darker, coloured iris gains chroma)
      const gain = 1 + w * CHROMA * (1 - smoothstep(55, 75, l));
      fromLab(lighter, a * gain, b * gain, pixel);
      out.data.set(pixel, ((box.y + y) * image.width + box.x + x) * image.channels);
    }
}
