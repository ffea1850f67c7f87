/**
 * Per-face retouch at the output resolution, on the face's own region (a crop of the 2x photo): skin by
 * frequency separation, eyes, lips and brows by local contrast, the face's colour eased into a natural
 * skin range; every change blended in through the feathered masks of models/face, so no seam shows.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { faceRegions, type FaceRegions } from '../face/regions';
import type { Face } from '../face/types';
import { blur, selfGuided } from './filters';
import { cropRaw, fromYcc, pasteRaw, toYcc, type YccPlanes } from './planes';

export type RetouchStrength = 'subtle' | 'natural' | 'strong';

export interface RetouchOptions {
  strength: RetouchStrength;
  skinSmoothing: boolean;
  /** Whether the photo has colour to correct (a black-and-white or sepia photo keeps its own tint). */
  colourful: boolean;
  /**
   * The crop's fine structure was already given its weight (detail.ts, on the learned 2x): that stands in for
   * the sharpening of the face, lips and brows, made for a softer crop, and the eyes keep half of theirs.
   */
  detailRestored?: boolean;
}

/** How much of each change is applied, per strength. */
export const STRENGTH = { subtle: 0.55, natural: 1, strong: 1.5 } as const;

/** Of the skin's finest texture (pores, fine lines), the share kept at the strong setting (all of it below): never plastic. */
export const TEXTURE_FLOOR = 0.85;

/** Fine detail given back over the whole face (half as much on smoothed skin), where detail.ts has not run. */
export const FACE_DETAIL = 0.2;

/** A natural skin cluster in Cb/Cr (Chai and Ngan 1999, narrowed toward its centre). */
const SKIN_CB = [85, 125] as const;
const SKIN_CR = [135, 170] as const;

/**
 * Retouches the face in `crop` (the face's region of interest cut from the 2x photo; `face` in the crop's
 * coordinates). Returns a new crop of the same size.
 */
export function retouchFace(crop: RawImage, face: Face, options: RetouchOptions): RawImage {
  const regions = faceRegions(face, crop.width, crop.height);
  const { roi } = regions;
  if (roi.x !== 0 || roi.y !== 0 || roi.width !== crop.width || roi.height !== crop.height) {
    // A crop larger than the face's region: retouch the region alone and put it back.
    const out: RawImage = { ...crop, data: crop.data.slice() };
    const shifted = shiftFace(face, -roi.x, -roi.y);
    pasteRaw(out, retouchFace(cropRaw(crop, roi), shifted, options), roi.x, roi.y);
    return out;
  }
  const planes = toYcc(crop);
  const k = STRENGTH[options.strength];
  const size = Math.max(face.box.width, face.box.height);
  const before = planes.y.slice();
  if (options.skinSmoothing) smoothSkin(planes, regions, size, k);
  const sharpening = options.detailRestored
    ? { eyes: 0.5, parts: 0, face: 0 }
    : { eyes: 1, parts: 1, face: FACE_DETAIL * (options.skinSmoothing ? 1 : 1.5) };
  sharpenFeatures(planes, before, regions, size, k, sharpening);
  if (options.colourful) matchSkinTone(planes, regions, k);
  return keepUntouched(crop, fromYcc(planes, crop.channels === 1 ? 1 : crop.channels), regions);
}

/**
 * The original bytes wherever no mask reaches: the colour-space round trip alone moves pixels by a level,
 * which would show as a faint edge where the crop is pasted back.
 */
function keepUntouched(crop: RawImage, result: RawImage, regions: FaceRegions): RawImage {
  const { channels } = crop;
  for (let i = 0; i < regions.face.length; i++) {
    if (regions.face[i] > 0 || regions.eyes[i] > 0 || regions.lips[i] > 0 || regions.brows[i] > 0) continue;
    for (let c = 0; c < channels; c++) result.data[i * channels + c] = crop.data[i * channels + c];
  }
  return result;
}

/**
 * Three bands of luma: fine (pores, under ~0.6 % of the face), middle (blemishes, blotches, up to ~3 %) and
 * base (the face's shape and light, from an edge-preserving filter). The middle band is damped, more where
 * it is a dark spot; the fine band keeps at least TEXTURE_FLOOR; the base keeps its edges. Chroma blotches
 * (redness) are evened out over the middle scale.
 */
function smoothSkin(planes: YccPlanes, regions: FaceRegions, size: number, k: number): void {
  const { width, height, y } = planes;
  const fineR = Math.max(1, size * 0.006);
  const midR = Math.max(2, Math.round(size * 0.03));
  const fineBase = blur(y, width, height, fineR);
  const base = selfGuided(fineBase, width, height, midR, 90);
  const lines = lineness(fineBase, width, height, midR);
  const damp = Math.min(0.8, 0.35 * k);
  // Pores and fine lines are the skin's own: all of them at subtle and natural, TEXTURE_FLOOR at strong.
  const fineKeep = k <= 1 ? 1 : TEXTURE_FLOOR;
  const cbSmooth = blur(planes.cb, width, height, midR);
  const crSmooth = blur(planes.cr, width, height, midR);
  for (let i = 0; i < y.length; i++) {
    const m = regions.skin[i];
    if (m <= 0.002) continue;
    const fine = y[i] - fineBase[i];
    const mid = fineBase[i] - base[i];
    // Dark spots (blemishes) are damped more than bright ones (the skin's own sheen and highlights); lines
    // (wrinkles, creases, laughter lines) hardly at all: they are the person's, and an older face without
    // them reads as smoothed.
    const spot = 1 - LINE_KEEP * lines[i];
    const midKeep = 1 - spot * (mid < -2 ? Math.min(0.95, damp * 1.4) : damp);
    const smoothed = base[i] + mid * midKeep + fine * fineKeep;
    y[i] += m * (smoothed - y[i]);
    planes.cb[i] += m * 0.5 * k * (cbSmooth[i] - planes.cb[i]);
    planes.cr[i] += m * 0.5 * k * (crSmooth[i] - planes.cr[i]);
  }
}

/** Of a line's middle band (a wrinkle), the share spared from the smoothing meant for spots. */
export const LINE_KEEP = 0.9;

/**
 * How much the structure at each pixel is a line rather than a spot, 0..1: the coherence of the local gradients
 * (their structure tensor averaged over about a blemish's size, r), which is high where they all point one way
 * across a line, and low on a round spot or a pore, whose gradients point every way, and on noise, whose
 * gradients point anywhere. A flat patch, with no gradient, is 0.
 */
export function lineness(plane: Float32Array, width: number, height: number, r: number): Float32Array {
  const n = plane.length;
  const xx = new Float32Array(n);
  const yy = new Float32Array(n);
  const xy = new Float32Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const gx = (plane[x + 1 < width ? i + 1 : i] - plane[x > 0 ? i - 1 : i]) / 2;
      const gy = (plane[y + 1 < height ? i + width : i] - plane[y > 0 ? i - width : i]) / 2;
      xx[i] = gx * gx;
      yy[i] = gy * gy;
      xy[i] = gx * gy;
    }
  const sxx = blur(xx, width, height, r);
  const syy = blur(yy, width, height, r);
  const sxy = blur(xy, width, height, r);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const spread = Math.hypot(sxx[i] - syy[i], 2 * sxy[i]);
    out[i] = spread / (sxx[i] + syy[i] + WEAK_STRUCTURE);
  }
  return out;
}
/** Levels squared added to the tensor's energy: a flat patch is no line, and nothing is divided by zero. */
const WEAK_STRUCTURE = 0.1;

/**
 * Eyes: unsharp masking of iris and lashes, with the eye whites lifted slightly; highlights (catch-lights)
 * are never pushed to clipping. Lips and brows: the same, gentler; the rest of the face, gentler still. Each
 * scaled by `sharpening`. Measured on the luma before the skin pass.
 */
function sharpenFeatures(
  planes: YccPlanes,
  before: Float32Array,
  regions: FaceRegions,
  size: number,
  k: number,
  sharpening: { eyes: number; parts: number; face: number },
): void {
  const { width, height, y, cb, cr } = planes;
  const r = Math.max(1, size * 0.008);
  const soft = blur(before, width, height, r);
  const wide = blur(before, width, height, r * 4);
  for (let i = 0; i < y.length; i++) {
    const eye = regions.eyes[i];
    const part = Math.max(regions.lips[i], regions.brows[i]);
    const rest = regions.face[i] * (1 - Math.max(eye, part)) * (1 - 0.5 * regions.skin[i]);
    if (eye <= 0.002 && part <= 0.002 && rest <= 0.002) continue;
    const detail = before[i] - soft[i];
    const contrast = soft[i] - wide[i];
    let delta =
      eye * k * sharpening.eyes * (0.45 * detail + 0.15 * contrast) +
      part * k * sharpening.parts * 0.45 * detail +
      rest * k * sharpening.face * detail;
    const saturation = Math.abs(cb[i] - 128) + Math.abs(cr[i] - 128);
    if (before[i] > wide[i] + 8 && saturation < 24) delta += eye * k * 4; // the eye whites
    // Catch-lights and other highlights: no more than halfway to white.
    if (delta > 0 && y[i] > 200) delta *= Math.max(0, (255 - y[i]) / 110);
    y[i] = Math.min(252, y[i] + delta);
  }
}

/**
 * Moves the face's average colour toward the natural skin range only if it lies outside it, by at most
 * 6 levels of Cb/Cr and never past the range's edge: a cast is eased, the person's own complexion is not.
 */
function matchSkinTone(planes: YccPlanes, regions: FaceRegions, k: number): void {
  let cb = 0;
  let cr = 0;
  let w = 0;
  for (let i = 0; i < regions.skin.length; i++) {
    const m = regions.skin[i];
    cb += m * planes.cb[i];
    cr += m * planes.cr[i];
    w += m;
  }
  if (w < 16) return;
  cb /= w;
  cr /= w;
  const toward = (v: number, [lo, hi]: readonly [number, number]) => {
    const gap = v < lo ? lo - v : v > hi ? hi - v : 0;
    return Math.sign(gap) * Math.min(Math.abs(gap) * 0.5 * k, 6);
  };
  const dcb = toward(cb, SKIN_CB);
  const dcr = toward(cr, SKIN_CR);
  if (!dcb && !dcr) return;
  for (let i = 0; i < regions.face.length; i++) {
    const m = regions.face[i];
    if (m <= 0.002) continue;
    planes.cb[i] += m * dcb;
    planes.cr[i] += m * dcr;
  }
}

export function shiftFace(face: Face, dx: number, dy: number): Face {
  const mesh = face.mesh.slice();
  for (let k = 0; k < mesh.length; k += 3) {
    mesh[k] += dx;
    mesh[k + 1] += dy;
  }
  return { ...face, mesh, box: { ...face.box, x: face.box.x + dx, y: face.box.y + dy } };
}
