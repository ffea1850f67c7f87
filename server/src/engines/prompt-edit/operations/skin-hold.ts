/**
 * Skin as a second reference for white balance. Skin of every shade lies in a narrow band of hues (CIELAB
 * hue 28 to 72 degrees on the project's face photos, from dark to pale, daylight to stage light), so skin
 * left outside it by a correction ("purple skin", a green face under fluorescent light) means the greys
 * misled the estimate. The whole correction is then turned until the faces' mean skin sits just inside the
 * band: a cast is global, so the neck, hands and the rest move with the face.
 */
import type { Face } from '../../../models/face/types';
import { faceRegions } from '../../../models/face/regions';
import type { RawImage } from '../../../lib/image/raw-image';
import { LINEAR, withLuminanceKept, type Gains } from './linear-light';

/** The band of natural skin hues, degrees of CIELAB hue, with a little room beyond what was measured. */
export const SKIN_HUES = { from: 20, to: 80 } as const;
/** Skin this close to grey (CIELAB chroma) is a black-and-white or toned photo: no hue to hold. */
const MIN_SKIN_CHROMA = 8;
/** Where a skin outside the band is moved to: this far inside it. */
const INSIDE = 5;

const WHITE = [0.95047, 1, 1.08883] as const;

/** The gains, turned if needed so the faces' mean skin under them has a natural hue. */
export function holdSkin(image: RawImage, faces: readonly Face[], gains: Gains): Gains {
  const skin = meanSkin(image, faces);
  if (!skin) return gains;
  const corrected = skin.map((c, i) => c * gains[i]);
  const [l, a, b] = labOf(corrected);
  const chroma = Math.hypot(a, b);
  if (chroma < MIN_SKIN_CHROMA) return gains;
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  const wanted = nearestNaturalHue(hue);
  if (wanted === hue) return gains;
  const radians = (wanted * Math.PI) / 180;
  const target = linearOf([l, chroma * Math.cos(radians), chroma * Math.sin(radians)]);
  const turn = withLuminanceKept(target.map((t, i) => t / Math.max(corrected[i], 1e-6)) as Gains);
  return gains.map((g, i) => g * turn[i]) as Gains;
}

/** The hue itself when natural, else the band's nearer end, moved INSIDE degrees in. */
export function nearestNaturalHue(hue: number): number {
  const h = ((hue % 360) + 360) % 360;
  if (h >= SKIN_HUES.from && h <= SKIN_HUES.to) return hue;
  const middle = (SKIN_HUES.from + SKIN_HUES.to) / 2;
  // Past the middle of the band's far side (opposite its centre) the lower end is nearer.
  const opposite = (middle + 180) % 360;
  return h > SKIN_HUES.to && h < opposite ? SKIN_HUES.to - INSIDE : SKIN_HUES.from + INSIDE;
}

/** Mean linear colour over the faces' skin masks, clipped pixels left out; null without enough skin. */
function meanSkin(image: RawImage, faces: readonly Face[]): Gains | null {
  const { data, width, height, channels } = image;
  const sum = [0, 0, 0];
  let weight = 0;
  for (const face of faces) {
    const { roi, skin } = faceRegions(face, width, height);
    for (let y = 0; y < roi.height; y++) {
      for (let x = 0; x < roi.width; x++) {
        const m = skin[y * roi.width + x];
        if (m < 0.3) continue;
        const i = ((roi.y + y) * width + roi.x + x) * channels;
        if (Math.max(data[i], data[i + 1], data[i + 2]) >= 250) continue;
        for (let c = 0; c < 3; c++) sum[c] += m * LINEAR[data[i + c]];
        weight += m;
      }
    }
  }
  return weight < 50 ? null : (sum.map((s) => s / weight) as Gains);
}

const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const fInverse = (t: number) => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);

/** Linear sRGB (D65) to CIELAB. */
function labOf([r, g, b]: readonly number[]): Gains {
  const fx = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE[0]);
  const fy = f(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const fz = f((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE[2]);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIELAB to linear sRGB (D65), unclipped. */
function linearOf([l, a, b]: Gains): Gains {
  const fy = (l + 16) / 116;
  const x = WHITE[0] * fInverse(fy + a / 500);
  const y = fInverse(fy);
  const z = WHITE[2] * fInverse(fy - b / 200);
  return [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
}
