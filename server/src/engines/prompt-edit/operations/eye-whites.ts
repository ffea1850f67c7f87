/**
 * Bloodshot whites of the eyes cleared, from the face landmarks. Inside each eye's outline the lightest pixels
 * are the white; the dark ones, taken as one disk, are the iris and pupil. Outside that disk, a red pixel's a*
 * (red-green in Lab) above the white's own clean level is pulled down towards it, b* kept, and the light a vein
 * took from the white round it is given back, so veins and a pink flush fade into the white. Nothing changes
 * past the eye's outline or in the iris. A photo without red in the whites comes back byte for byte.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { outline } from '../../../models/face/regions';
import { boxMean } from '../../../models/guided-filter/guided-filter';
import { fromLab } from './lab';
import { eyeArea } from './eye-area';
import { smoothstep, type Point } from './masks';

/** At amount 1, the share of the redness above the white's level taken out. */
const CALM = 0.9;
/** The white's clean a*: this low percentile of its pixels, the parts between the veins. */
const LEVEL_PERCENTILE = 0.2;
/** A clean white is near neutral: a level measured above this is a flush over the whole white. */
const CLEAN_A = 3;
/** L* a red vein loses per unit of a* it gains, at most: painted and real veins lose about 0.4-0.5. */
const VEIN_DARKNESS = 0.6;
/** Under this width in pixels an eye is too small to tell its white from its iris. */
const MIN_EYE_WIDTH = 12;

/** The eye's inner corner in facemesh's numbering, where the pink of the tear duct is no redness to clear. */
const INNER_CORNER = { rightEye: 133, leftEye: 362 } as const;

/** A copy of the photo with the red taken out of each face's whites of the eyes by `amount` (0..1). */
export function clearEyeWhites(image: RawImage, faces: readonly Face[], amount: number): RawImage {
  const out = { ...image, data: image.data.slice() };
  const strength = Math.min(1, Math.max(0, amount));
  if (image.channels < 3 || strength === 0) return out;
  for (const face of faces)
    for (const eye of ['rightEye', 'leftEye'] as const) {
      const corner = INNER_CORNER[eye];
      const inner = { x: face.mesh[corner * 3], y: face.mesh[corner * 3 + 1] };
      clearEye(image, out, outline(face, LANDMARKS[eye]), inner, strength);
    }
  return out;
}

function clearEye(image: RawImage, out: RawImage, shape: Point[], inner: Point, amount: number): void {
  const eye = eyeArea(image, shape, 0.03, MIN_EYE_WIDTH);
  if (!eye) return;
  const { box, eyeWidth, region, lab } = eye;
  const n = box.width * box.height;
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const fromCorner = Math.hypot(box.x + x + 0.5 - inner.x, box.y + y + 0.5 - inner.y) / eyeWidth;
      region[p] *= smoothstep(0.04, 0.1, fromCorner);
    }
  const top = lightnessAt(lab, region, 0.85);
  if (top < 30) return; // an eye in deep shadow: no white to tell
  // The surest white: light for this eye. Its lightness round each pixel is what a vein is darker than.
  const white = new Float32Array(n);
  const whiteL = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    if (region[p] <= 0) continue;
    white[p] = smoothstep(0.7 * top, 0.85 * top, lab[p * 3]);
    whiteL[p] = white[p] * lab[p * 3];
  }
  const level = Math.min(CLEAN_A, whiteLevel(lab, region, white));
  if (!Number.isFinite(level)) return;
  const reach = Math.max(2, Math.round(0.08 * eyeWidth));
  const sureNear = boxMean(white, box.width, box.height, reach);
  const lightNear = boxMean(whiteL, box.width, box.height, reach);
  const iris = irisOf(lab, region, box.width, 0.45 * top);
  const pixel = new Uint8Array(3);
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      const [l, a, b] = [lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2]];
      const excess = a - level;
      if (region[p] <= 0 || excess <= 0.5) continue;
      // Veins and a flush are red to pink (hue 0-45°); brown skin at the lids is orange, lashes are dark.
      const hue = (Math.atan2(b, a) * 180) / Math.PI;
      const red = (1 - smoothstep(45, 60, hue)) * smoothstep(0.2 * top, 0.35 * top, l);
      // (the iris's catchlights can be pink too)
      const onWhite = smoothstep(1, 1.25, Math.hypot(x - iris.x, y - iris.y) / iris.radius);
      const w = amount * CALM * region[p] * red * onWhite;
      if (w * excess < 0.25) continue; // under a quarter of an a* unit: no visible change
      // A vein is darker than the white round it, by about half as much as it is red: it takes back that
      // white's light, up to so much (the iris's rim, darker than the white for being iris, keeps its own).
      const around = sureNear[p] > 0.05 ? lightNear[p] / sureNear[p] : l;
      const lighter = l + w * Math.min(Math.max(0, around - l), VEIN_DARKNESS * excess);
      fromLab(lighter, a - w * excess, b, pixel);
      out.data.set(pixel, ((box.y + y) * image.width + box.x + x) * image.channels);
    }
}

/**
 * The iris, pupil and all, as a disk: the centroid and area of the eye's dark pixels. The lashes along the
 * outline are left out by taking only pixels well inside it.
 */
function irisOf(
  lab: Float32Array,
  region: Float32Array,
  width: number,
  dark: number,
): Point & { radius: number } {
  let [sx, sy, count] = [0, 0, 0];
  for (let p = 0; p < region.length; p++) {
    if (region[p] < 0.75 || lab[p * 3] >= dark) continue;
    sx += p % width;
    sy += Math.floor(p / width);
    count++;
  }
  if (count === 0) return { x: -1e6, y: -1e6, radius: 1 };
  return { x: sx / count, y: sy / count, radius: Math.max(1, Math.sqrt(count / Math.PI)) };
}

/** The `fraction` percentile of L* over the eye: its white's lightness, a catchlight left above it. */
function lightnessAt(lab: Float32Array, region: Float32Array, fraction: number): number {
  const values: number[] = [];
  for (let p = 0; p < region.length; p++) if (region[p] >= 0.5) values.push(lab[p * 3]);
  return percentile(values, fraction, 12) ?? 0;
}

/** The white's clean a*: a low percentile over its surest pixels; Infinity when too few are white. */
function whiteLevel(lab: Float32Array, region: Float32Array, white: Float32Array): number {
  const values: number[] = [];
  for (let p = 0; p < region.length; p++)
    if (region[p] >= 0.5 && white[p] >= 0.9) values.push(lab[p * 3 + 1]);
  return percentile(values, LEVEL_PERCENTILE, 8) ?? Infinity;
}

/** The `fraction` percentile of the values, or null when there are fewer than `least` of them. */
function percentile(values: number[], fraction: number, least: number): number | null {
  if (values.length < least) return null;
  values.sort((x, y) => x - y);
  return values[Math.floor(fraction * (values.length - 1))];
}
