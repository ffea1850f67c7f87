import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '@common/plans';
import { AppError } from '../errors';
import { sniffFormat, type ImageFormat } from '../image-intake';

/** Interleaved 8-bit pixels with their geometry; the currency between sharp and the algorithms. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/**
 * Decodes any supported image to 8-bit raw pixels with EXIF orientation applied; greyscale and 16-bit
 * photos are widened to sRGB when 3 or 4 channels are asked for.
 */
export async function decodeRaw(
  input: Buffer,
  channels: 1 | 3 | 4 = 3,
  maxPixels = MAX_INPUT_PIXELS,
): Promise<RawImage> {
  let pipeline = sharp(input, { limitInputPixels: maxPixels }).rotate();
  pipeline =
    channels === 1
      ? pipeline.greyscale()
      : channels === 3
        ? pipeline.toColourspace('srgb').removeAlpha()
        : pipeline.toColourspace('srgb').ensureAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels,
  };
}

export function rawToSharp(image: RawImage): Sharp {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
}

export async function encodePng(image: RawImage): Promise<Buffer> {
  return rawToSharp(image).png({ compressionLevel: 6 }).toBuffer();
}

/** mozjpeg makes files about an eighth smaller and takes about seven times as long to encode. */
export async function encodeJpeg(image: RawImage, quality = 92, mozjpeg = true): Promise<Buffer> {
  return rawToSharp(image).jpeg({ quality, mozjpeg }).toBuffer();
}

/** A stored photo as every mode receives it: decoded once, and the format family to write the result in. */
export interface DecodedPhoto {
  /** RGB, or RGBA only where some pixel is see-through. */
  image: RawImage;
  format: ImageFormat;
}

/** `maxPixels`: an upload's limit, or the size a cloud service was asked to answer at. */
export async function decodePhoto(bytes: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<DecodedPhoto> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError('INVALID_IMAGE', 'This file could not be read as an image.');
  let image: RawImage;
  try {
    image =
      format === 'jpeg'
        ? await decodeRaw(bytes, 3, maxPixels)
        : dropOpaqueAlpha(await decodeRaw(bytes, 4, maxPixels));
  } catch {
    throw new AppError('INVALID_IMAGE', 'This file could not be read as an image.');
  }
  return { image, format };
}

/** PNG and WebP decode with an alpha channel; keep it only where some pixel is see-through. */
export function dropOpaqueAlpha(image: RawImage): RawImage {
  if (image.channels !== 4) return image;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] < 255) return image;
  return withoutAlpha(image);
}

/**
 * The image's pixels in shared memory, which other threads read as they are (a copy only when they are not
 * shared yet, so a caller's own buffer is never handed over).
 */
export function sharedPixels(image: RawImage): RawImage {
  return image.data.buffer instanceof SharedArrayBuffer ? image : { ...image, data: sharedCopy(image.data) };
}

/** The array in shared memory: itself when it is, else a copy. */
export function sharedCopy<T extends Uint8Array | Float32Array>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const Type = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const shared = new Type(new SharedArrayBuffer(array.byteLength));
  shared.set(array);
  return shared;
}

/** Zeroed bytes in shared memory, for what other threads write or read without a copy. */
export const sharedBytes = (length: number) => new Uint8Array(new SharedArrayBuffer(length));
/** Zeroed 32-bit floats in shared memory. */
export const sharedFloats = (length: number) => new Float32Array(new SharedArrayBuffer(length * 4));

/** The colour channels of an RGBA image (an RGB image as it is). */
export function withoutAlpha(image: RawImage): RawImage {
  if (image.channels !== 4) return image;
  const { data } = image;
  const rgb = new Uint8Array((data.length / 4) * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i];
    rgb[j + 1] = data[i + 1];
    rgb[j + 2] = data[i + 2];
  }
  return { ...image, data: rgb, channels: 3 };
}

/** The size of an encoded image as it is shown (EXIF orientation applied), from its header alone. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return turned ? { width: height, height: width } : { width, height };
}
