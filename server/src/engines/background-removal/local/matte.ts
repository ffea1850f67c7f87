import sharp from 'sharp';
import type { RawImage } from '../../../lib/image';
import { applyGuidedCoefficients, guidedCoefficients } from '../../../models/guided-filter/guided-filter';
import type { IsnetModel } from '../../../models/isnet/isnet.model';
import { alphaToBytes } from '../../../models/isnet/postprocess';
import { ISNET_SIZE, rgbToIsnetTensor } from '../../../models/isnet/preprocess';

/** Refinement works at about the model's own pixel count: the matte holds no more detail than that. */
const WORK_PIXELS = ISNET_SIZE * ISNET_SIZE;

export interface RefineSettings {
  /** Window radius at the working resolution. */
  radius: number;
  /** Regularisation (a colour variance, colours in 0..1): smaller follows the photo's edges harder. */
  eps: number;
}

export const DEFAULT_REFINE: RefineSettings = { radius: 3, eps: 2e-4 };

function rawInput(image: RawImage) {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
}

/** Working size: the photo itself when small, else scaled to about the model's pixel count. */
export function workingSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The model's raw matte, 1024x1024 8-bit, for a photo squeezed into the model's square. */
export async function predictSquareMatte(image: RawImage, model: IsnetModel): Promise<Uint8Array> {
  const square = await rawInput(image)
    .resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return alphaToBytes(await model.predict(rgbToIsnetTensor(square, ISNET_SIZE, ISNET_SIZE)));
}

/**
 * Brings a matte of any size back to the photo's full resolution, with its edges snapped to the photo's
 * edges by a fast guided filter (statistics at working size, evaluation at full size, row by row).
 */
export async function refineMatte(
  image: RawImage,
  matte: { data: Uint8Array; width: number; height: number },
  settings: RefineSettings = DEFAULT_REFINE,
): Promise<Uint8Array> {
  const work = workingSize(image.width, image.height);
  const guide =
    work.width === image.width && work.height === image.height
      ? image.data
      : new Uint8Array(
          await rawInput(image).resize(work.width, work.height, { fit: 'fill' }).raw().toBuffer(),
        );
  const low = await sharp(Buffer.from(matte.data.buffer, matte.data.byteOffset, matte.data.length), {
    raw: { width: matte.width, height: matte.height, channels: 1 },
  })
    .resize(work.width, work.height, { fit: 'fill', kernel: 'linear' })
    // Without this, sharp widens a one-band raw image to sRGB on output.
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const p = new Float32Array(low.length);
  for (let i = 0; i < low.length; i++) p[i] = low[i] / 255;
  const coefficients = guidedCoefficients(guide, p, work.width, work.height, settings.radius, settings.eps);
  return applyGuidedCoefficients(coefficients, image.data, image.width, image.height);
}

/** Model plus refinement: full-resolution 8-bit alpha for an RGB photo. */
export async function predictMatte(image: RawImage, model: IsnetModel, settings?: RefineSettings) {
  const square = await predictSquareMatte(image, model);
  return refineMatte(image, { data: square, width: ISNET_SIZE, height: ISNET_SIZE }, settings);
}
