/**
 * Skin redness calmed: sunburn and blotches are skin whose a* (red-green in Lab) is above the skin's own
 * usual a*. Each skin pixel's a* is pulled down towards that level, never below it, and L* and b* are kept,
 * so the skin keeps its own tone and lightness and does not go grey. With faces, the skin is the face regions'
 * skin mask (the oval less eyes, brows, lips and nostrils), each face with its own level; without one, the
 * skin-coloured pixels of the photo.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face';
import { LANDMARKS } from '../../../models/face/landmarks';
import { faceRegions, outline } from '../../../models/face/regions';
import { fromLab, toLab } from './lab';
import { polygonMask, smoothstep } from './masks';

/** At amount 1, the share of the redness above the skin's level taken out. */
const CALM = 0.85;
/**
 * The skin's usual a*: this percentile of its pixels. Below the median, so that redness over much of the face
 * (a sunburnt forehead, nose and cheeks) still stands out from what is left.
 */
const LEVEL_PERCENTILE = 0.35;
/** Redness of under this many a* units above the level is skin's own variation and is left. */
const SMALL = 1.5;
/** Without a face, the level is measured on about this many pixels spread over the photo. */
const PHOTO_SAMPLE = 100_000;
/**
 * Without a face, a photo with less of its area skin-coloured than this has no skin to speak of (a red flower's
 * pale rims, 1 % of the garden photo) and is left alone.
 */
const MIN_SKIN_SHARE = 0.03;
/**
 * The chroma above which a colour is too vivid for skin: in a face's skin mask (an old print's skin, sunburnt,
 * reaches 60), and anywhere in a photo without a face (where an orange jacket must not count as skin).
 */
const VIVID_FACE = 80;
const VIVID_PHOTO = 60;
/** Without a face, the change is a colour map sampled on a grid of this many steps per channel. */
const GRID = 33;

/** A copy of the photo with the skin's redness reduced by `amount` (0..1). */
export function reduceRedness(image: RawImage, faces: readonly Face[], amount: number): RawImage {
  const out = { ...image, data: image.data.slice() };
  const strength = Math.min(1, Math.max(0, amount));
  if (image.channels < 3 || strength === 0) return out;
  if (faces.length) for (const face of faces) calmFace(image, out, face, strength);
  else calmPhoto(image, out, strength);
  return out;
}

/**
 * 0..1: how much a colour (L*, a*, b*) can be skin, any complexion, in any light, sunburnt or flushed: warm
 * hues from red to yellow, neither near black nor near white, coloured but under chroma `vivid`.
 */
export function skinColoured(l: number, a: number, b: number, vivid: number): number {
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  const chroma = Math.hypot(a, b);
  return (
    smoothstep(15, 25, l) *
    (1 - smoothstep(94, 98, l)) *
    smoothstep(4, 8, chroma) *
    (1 - smoothstep(vivid - 15, vivid, chroma)) *
    smoothstep(-15, 0, hue) *
    (1 - smoothstep(70, 85, hue))
  );
}

/** The new a* of a pixel of skin weight `w`: the redness above `level` mostly taken out, small variation kept. */
function calmed(a: number, w: number, level: number, amount: number): number {
  const excess = a - level;
  if (w <= 0 || excess <= 0) return a;
  return a - amount * CALM * w * smoothstep(0, 2 * SMALL, excess - SMALL / 2) * excess;
}

function calmFace(image: RawImage, out: RawImage, face: Face, amount: number): void {
  const { data, width, channels } = image;
  const { roi, skin } = faceRegions(face, image.width, image.height);
  // The skin mask fades over thin lips and eyes; inside their outlines nothing may change at all.
  const parts = [LANDMARKS.lipsOuter, LANDMARKS.rightEye, LANDMARKS.leftEye].map((l) => outline(face, l));
  const untouchable = polygonMask(roi, ...parts);
  const n = roi.width * roi.height;
  const lab = new Float32Array(n * 3);
  const w = new Float32Array(n);
  const levels = new Histogram();
  for (let y = 0, p = 0; y < roi.height; y++)
    for (let x = 0; x < roi.width; x++, p++) {
      if (skin[p] <= 0 || untouchable[p]) continue;
      const i = ((roi.y + y) * width + roi.x + x) * channels;
      toLab(data[i], data[i + 1], data[i + 2], lab, p * 3);
      // Skin-coloured too: where the feathered mask spills onto a red scarf or the lips' edge, it stays put.
      w[p] = skin[p] * skinColoured(lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2], VIVID_FACE);
      if (w[p] > 0.6) levels.add(lab[p * 3 + 1]);
    }
  if (levels.count < 50) return;
  const level = levels.percentile(LEVEL_PERCENTILE);
  const pixel = new Uint8Array(3);
  for (let y = 0, p = 0; y < roi.height; y++)
    for (let x = 0; x < roi.width; x++, p++) {
      const a = lab[p * 3 + 1];
      const calm = calmed(a, w[p], level, amount);
      if (a - calm < 0.25) continue; // under a quarter of an a* unit: no visible change
      fromLab(lab[p * 3], calm, lab[p * 3 + 2], pixel);
      out.data.set(pixel, ((roi.y + y) * width + roi.x + x) * channels);
    }
}

/**
 * Without a face the change depends on the colour alone, so it is a colour map: computed on a GRID^3 lattice
 * and interpolated (trilinear) per pixel, which keeps a 12-megapixel photo to one light pass.
 */
function calmPhoto(image: RawImage, out: RawImage, amount: number): void {
  const { data, channels } = image;
  const n = image.width * image.height;
  const levels = new Histogram();
  const lab = new Float32Array(3);
  const stride = Math.max(1, Math.floor(n / PHOTO_SAMPLE));
  for (let p = 0; p < n; p += stride) {
    const i = p * channels;
    toLab(data[i], data[i + 1], data[i + 2], lab);
    if (skinColoured(lab[0], lab[1], lab[2], VIVID_PHOTO) > 0.6) levels.add(lab[1]);
  }
  if (levels.count < Math.max(50, (MIN_SKIN_SHARE * n) / stride)) return;
  const level = levels.percentile(LEVEL_PERCENTILE);
  const step = 255 / (GRID - 1);
  const shift = new Float32Array(GRID * GRID * GRID * 3);
  const pixel = new Uint8Array(3);
  let any = false;
  for (let r = 0, k = 0; r < GRID; r++)
    for (let g = 0; g < GRID; g++)
      for (let b = 0; b < GRID; b++, k += 3) {
        const [R, G, B] = [r, g, b].map((v) => Math.round(v * step));
        toLab(R, G, B, lab);
        const calm = calmed(lab[1], skinColoured(lab[0], lab[1], lab[2], VIVID_PHOTO), level, amount);
        if (lab[1] - calm < 0.25) continue;
        fromLab(lab[0], calm, lab[2], pixel);
        [shift[k], shift[k + 1], shift[k + 2]] = [pixel[0] - R, pixel[1] - G, pixel[2] - B];
        any = true;
      }
  if (any) applyShift(data, out.data, channels, shift, step);
}

/** Adds the lattice's colour shift, interpolated, to every pixel whose lattice cell has any shift. */
function applyShift(src: Uint8Array, dst: Uint8Array, channels: number, shift: Float32Array, step: number) {
  const cells = GRID - 1;
  const plane = GRID * GRID * 3;
  const row = GRID * 3;
  const corners = [0, 3, row, row + 3, plane, plane + 3, plane + row, plane + row + 3];
  // Most colours of a photo are nowhere near skin: one look-up tells their cell has nothing to add.
  const active = new Uint8Array(cells * cells * cells);
  for (let r = 0; r < cells; r++)
    for (let g = 0; g < cells; g++)
      for (let b = 0; b < cells; b++) {
        const base = r * plane + g * row + b * 3;
        const moves = corners.some((c) => shift[base + c] || shift[base + c + 1] || shift[base + c + 2]);
        active[(r * cells + g) * cells + b] = moves ? 1 : 0;
      }
  // Each 8-bit level's cell and place in it, by table.
  const cell = new Int32Array(256);
  const frac = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    cell[v] = Math.min(cells - 1, Math.floor(v / step));
    frac[v] = v / step - cell[v];
  }
  const out = new Uint8ClampedArray(dst.buffer, dst.byteOffset, dst.length);
  for (let i = 0; i < src.length; i += channels) {
    const r = src[i];
    const g = src[i + 1];
    const b = src[i + 2];
    if (!active[(cell[r] * cells + cell[g]) * cells + cell[b]]) continue;
    const tr = frac[r];
    const tg = frac[g];
    const tb = frac[b];
    const base = cell[r] * plane + cell[g] * row + cell[b] * 3;
    for (let c = 0; c < 3; c++) {
      const k = base + c;
      const near =
        (1 - tg) * ((1 - tb) * shift[k] + tb * shift[k + 3]) +
        tg * ((1 - tb) * shift[k + row] + tb * shift[k + row + 3]);
      const far =
        (1 - tg) * ((1 - tb) * shift[k + plane] + tb * shift[k + plane + 3]) +
        tg * ((1 - tb) * shift[k + plane + row] + tb * shift[k + plane + row + 3]);
      out[i + c] = src[i + c] + (1 - tr) * near + tr * far;
    }
  }
}

/** Counts of a* values in quarter units over -20..80 (skin lies well inside), for a percentile. */
class Histogram {
  private readonly bins = new Uint32Array(400);
  count = 0;
  add(a: number): void {
    this.bins[Math.min(399, Math.max(0, Math.round((a + 20) * 4)))]++;
    this.count++;
  }
  percentile(fraction: number): number {
    let seen = 0;
    for (let bin = 0; bin < this.bins.length; bin++) {
      seen += this.bins[bin];
      if (seen > fraction * this.count) return bin / 4 - 20;
    }
    return 80;
  }
}
