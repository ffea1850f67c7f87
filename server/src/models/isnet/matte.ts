import sharp from 'sharp';
import {
  sharedBytes,
  sharedCopy,
  sharedFloats,
  sharedPixels,
  type RawImage,
} from '../../lib/image/raw-image';
import { BAND_ROWS, inBands } from '../bands/bands';
import { applyGuidedRows } from '../guided-filter/guided-filter';
import { fitTileRows, tileRowCount, unfittedCoefficients } from '../guided-filter/sparse';
import type { IsnetModel } from './isnet.model';
import { alphaToBytes } from './postprocess';
import { contrastAtEdgesRows } from './edge-contrast';
import { ISNET_SIZE, resizeCornerAlignedRows, rgbToIsnetTensor } from './preprocess';

/** Refinement works at about the model's own pixel count: the matte holds no more detail than that. */
const WORK_PIXELS = ISNET_SIZE * ISNET_SIZE;

export interface RefineSettings {
  /** Window radius at the working resolution. */
  radius: number;
  /** Regularisation (a colour variance, colours in 0..1): smaller follows the photo's edges harder. */
  eps: number;
  /**
   * Contrast around one half applied to the matte before the filter fits it (1: none), at edges only. A
   * soft matte fitted as is keeps its own ramp and adds the window's width to it; a steeper one lets the
   * photo's edges set the width of the transition instead. It applies in full where the matte spans most of
   * 0..1 within `edgeRadius` (an edge between subject and background) and fades out where it spans less
   * (partly transparent regions such as dense fine hair, whose in-between values are kept). The final alpha
   * keeps the unsharpened matte's decision either way.
   */
  contrast: number;
  /** Radius, at the working resolution, of the window whose alpha range tells edges from translucency. */
  edgeRadius: number;
  /** How the matte's pixels sit on the photo (see MattePrior). */
  cornerAligned: boolean;
}

/** For ISNet's 1024x1024 square: soft ramps several model pixels wide, on the corner-aligned grid. */
export const MODEL_REFINE: RefineSettings = {
  radius: 2,
  eps: 2e-4,
  contrast: 3,
  edgeRadius: 5,
  cornerAligned: true,
};
/** For a provider's matte (already fine-grained, at its own size): a light edge-aware resampling. */
export const PROVIDED_REFINE: RefineSettings = {
  radius: 3,
  eps: 2e-4,
  contrast: 1,
  edgeRadius: 0,
  cornerAligned: false,
};

function rawInput(image: RawImage) {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
}

/** Working size: the photo itself when small, else scaled to about `pixels` (the model's pixel count). */
export function workingSize(
  width: number,
  height: number,
  pixels = WORK_PIXELS,
): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(pixels / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo (in shared memory) in the model's square with IMG.LY's corner-aligned bilinear resampling (see
 * resizeCornerAligned), in bands.
 */
async function squareTensor(image: RawImage): Promise<Float32Array> {
  const square = sharedBytes(ISNET_SIZE * ISNET_SIZE * 3);
  const resize = { src: image.data, srcWidth: image.width, srcHeight: image.height, channels: 3 };
  const size = { dstWidth: ISNET_SIZE, dstHeight: ISNET_SIZE, out: square };
  await inBands(resizeCornerAlignedRows, { ...resize, ...size }, ISNET_SIZE, BAND_ROWS);
  return rgbToIsnetTensor(square, ISNET_SIZE, ISNET_SIZE);
}

/** The model's raw matte, 1024x1024 8-bit, for the photo squeezed into the model's square. */
export async function predictSquareMatte(image: RawImage, model: IsnetModel): Promise<Uint8Array> {
  return alphaToBytes(await model.predict(await squareTensor(sharedPixels(image))));
}

/**
 * The matte at the working size, 0..1, with the contrast applied (in bands), in shared memory: each working
 * pixel maps to the photo (centred, as sharp resized the guide) and from there to the matte's grid.
 */
async function workingMatte(
  matte: { data: Uint8Array; width: number; height: number },
  full: { width: number; height: number },
  work: { width: number; height: number },
  settings: RefineSettings,
): Promise<Float32Array> {
  const taps = (dst: number, photo: number, src: number) => {
    const i0 = new Int32Array(dst);
    const i1 = new Int32Array(dst);
    const f = new Float32Array(dst);
    for (let x = 0; x < dst; x++) {
      const p = Math.max(((x + 0.5) * photo) / dst - 0.5, 0);
      const s = settings.cornerAligned ? (p * src) / photo : ((p + 0.5) * src) / photo - 0.5;
      const c = Math.min(Math.max(s, 0), src - 1);
      i0[x] = Math.floor(c);
      i1[x] = Math.min(i0[x] + 1, src - 1);
      f[x] = c - i0[x];
    }
    return { i0, i1, f };
  };
  const tx = taps(work.width, full.width, matte.width);
  const ty = taps(work.height, full.height, matte.height);
  const out = sharedFloats(work.width * work.height);
  const { data, width: mw } = matte;
  for (let y = 0; y < work.height; y++) {
    const r0 = ty.i0[y] * mw;
    const r1 = ty.i1[y] * mw;
    const fy = ty.f[y];
    for (let x = 0; x < work.width; x++) {
      const a = tx.i0[x];
      const b = tx.i1[x];
      const fx = tx.f[x];
      const top = data[r0 + a] + (data[r0 + b] - data[r0 + a]) * fx;
      const bottom = data[r1 + a] + (data[r1 + b] - data[r1 + a]) * fx;
      out[y * work.width + x] = (top + (bottom - top) * fy) / 255;
    }
  }
  if (settings.contrast === 1) return out;
  const contrasted = sharedFloats(out.length);
  const { edgeRadius: r, contrast } = settings;
  const job = { plane: out, out: contrasted, width: work.width, height: work.height, r, contrast };
  await inBands(contrastAtEdgesRows, job, work.height, BAND_ROWS);
  return contrasted;
}

/** The photo at the refinement's working size: all the refinement needs before the matte exists. */
export interface WorkingGuide {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The guide, in shared memory (for the bands of the fit). */
export async function workingGuide(image: RawImage): Promise<WorkingGuide> {
  const { width, height } = workingSize(image.width, image.height);
  if (width === image.width && height === image.height) return { ...sharedPixels(image), width, height };
  const resized = await rawInput(image).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return { data: sharedCopy(resized), width, height };
}

/**
 * Brings a matte of any size back to the photo's full resolution, with its edges snapped to the photo's
 * edges by a fast guided filter (fitted at working size where the matte varies, evaluated at full size, row
 * by row). The result keeps the matte's own decision (alpha above one half exactly where the upsampled matte
 * is, and fully in or out where it is): the filter only places and sharpens the edge inside the matte's soft
 * band.
 */
export async function refineMatte(
  image: RawImage,
  matte: { data: Uint8Array; width: number; height: number },
  settings: RefineSettings = PROVIDED_REFINE,
  prepared?: WorkingGuide,
): Promise<Uint8Array> {
  const photo = sharedPixels(image);
  const guide = prepared ?? (await workingGuide(photo));
  const p = await workingMatte(matte, photo, guide, settings);
  const { width, height } = guide;
  const coefficients = unfittedCoefficients(p, width, height, sharedFloats);
  const fit = { guide: guide.data, matte: p, width, height, r: settings.radius, eps: settings.eps };
  await inBands(fitTileRows, { ...fit, out: coefficients }, tileRowCount(height));
  const prior = { ...matte, data: sharedCopy(matte.data), cornerAligned: settings.cornerAligned };
  const out = sharedBytes(photo.width * photo.height);
  const apply = { coefficients, rgb: photo.data, width: photo.width, height: photo.height, prior, out };
  await inBands(applyGuidedRows, apply, photo.height, BAND_ROWS);
  return out;
}

/**
 * Model plus refinement: full-resolution 8-bit alpha for an RGB photo. The model runs on onnxruntime's own
 * threads; the photo is shrunk to the working size meanwhile. Settings still being decided (a portrait
 * check) are awaited once the model has started.
 */
export async function predictMatte(
  image: RawImage,
  model: IsnetModel,
  settings: RefineSettings | Promise<RefineSettings> = MODEL_REFINE,
) {
  // Awaited below; until then a failure of the portrait check must not count as unhandled.
  Promise.resolve(settings).catch(() => {});
  await model.load();
  const photo = sharedPixels(image);
  const prediction = model.predict(await squareTensor(photo));
  // Awaited below; this keeps a model failure during the guide's preparation from counting as unhandled.
  prediction.catch(() => {});
  const guide = await workingGuide(photo);
  const chosen = await settings;
  const square = alphaToBytes(await prediction);
  return refineMatte(photo, { data: square, width: ISNET_SIZE, height: ISNET_SIZE }, chosen, guide);
}
