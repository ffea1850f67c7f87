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

/**
 * An sRGB copy at most `side` pixels long (the photo itself, copied, when it is smaller), and the factor
 * from the copy's pixels back to the photo's: models that look at a small view get no more than they use.
 */
export async function smallRgbCopy(
  image: RawImage,
  side: number,
): Promise<{ copy: RawImage & { data: Uint8Array<ArrayBuffer> }; scale: number }> {
  const shrink = Math.min(1, side / Math.max(image.width, image.height));
  const width = Math.max(8, Math.round(image.width * shrink));
  const height = Math.max(8, Math.round(image.height * shrink));
  const data = new Uint8Array(
    await rawToSharp(image)
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer(),
  );
  return { copy: { data, width, height, channels: 3 as const }, scale: image.width / width };
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
 * shared yet, so a caller's own buffer is never handed over). `roomForAlpha`: such a copy can later become
 * the RGBA image in place (`withAlpha`), so a cut-out never holds its colours twice.
 */
export function sharedPixels(image: RawImage, { roomForAlpha = false } = {}): RawImage {
  if (image.data.buffer instanceof SharedArrayBuffer) return image;
  const room = roomForAlpha && image.channels === 3 ? (image.data.byteLength / 3) * 4 : 0;
  return { ...image, data: sharedCopy(image.data, room) };
}

/** A shared buffer that can grow in place (ES2024; Node has it, the project's type library not yet). */
type GrowableBuffer = SharedArrayBuffer & {
  growable: boolean;
  maxByteLength: number;
  grow(length: number): void;
};
const GrowableBuffer = SharedArrayBuffer as unknown as new (
  length: number,
  options?: { maxByteLength: number },
) => GrowableBuffer;

/** The array in shared memory: itself when it is, else a copy (that may grow to `maxByteLength`). */
export function sharedCopy<T extends Uint8Array | Float32Array>(array: T, maxByteLength = 0): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const Type = array.constructor as new (buffer: SharedArrayBuffer, offset: number, length: number) => T;
  const room = maxByteLength > array.byteLength ? { maxByteLength } : undefined;
  const shared = new Type(new GrowableBuffer(array.byteLength, room), 0, array.length);
  shared.set(array);
  return shared;
}

/**
 * The RGB image joined to its alpha as RGBA: in its own buffer when that was made with room for it (the
 * colours are moved out from the last pixel back, so none is overwritten before it is read), else in new
 * shared memory. The RGB image is not to be used after.
 */
export function withAlpha(image: RawImage, alpha: Uint8Array): RawImage {
  const { width, height, data: colours } = image;
  const length = width * height * 4;
  const buffer = colours.buffer as GrowableBuffer;
  const inPlace =
    buffer instanceof SharedArrayBuffer &&
    buffer.growable &&
    colours.byteOffset === 0 &&
    buffer.maxByteLength >= length;
  if (inPlace && buffer.byteLength < length) buffer.grow(length);
  const data = inPlace ? new Uint8Array(buffer, 0, length) : sharedBytes(length);
  for (let i = width * height - 1, j = 3 * i, k = 4 * i; i >= 0; i--, j -= 3, k -= 4) {
    const r = colours[j];
    const g = colours[j + 1];
    const b = colours[j + 2];
    data[k] = r;
    data[k + 1] = g;
    data[k + 2] = b;
    data[k + 3] = alpha[i];
  }
  return { data, width, height, channels: 4 };
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
