import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@common/plans';
import { AppError } from '../../lib/errors';
import { decodeRaw, rawToSharp, type RawImage } from '../../lib/image';
import { maskFromRaw, type Mask } from '../../models/inpaint/mask';
import type { ImageMime } from '../types';

export interface DecodedInput {
  image: RawImage;
  mask: Mask;
  mime: ImageMime;
}

/** Decodes the photo (keeping its alpha when it has one) and the mask, which must match its size. */
export async function decodeInpaintInput(imageBytes: Buffer, maskBytes: Buffer): Promise<DecodedInput> {
  let meta;
  try {
    meta = await sharp(imageBytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError(
      'INVALID_IMAGE',
      'The image could not be read. Please upload a JPEG, PNG or WebP photo.',
    );
  }
  const mime: ImageMime =
    meta.format === 'png' ? 'image/png' : meta.format === 'webp' ? 'image/webp' : 'image/jpeg';
  const image = await decodeRaw(imageBytes, meta.hasAlpha ? 4 : 3);
  let maskRaw: RawImage;
  try {
    maskRaw = await decodeRaw(maskBytes, 4);
  } catch {
    throw new AppError('INVALID_MASK', 'The mask could not be read. It must be a PNG image.');
  }
  if (maskRaw.width !== image.width || maskRaw.height !== image.height) {
    const sameShape = Math.abs(maskRaw.width / maskRaw.height - image.width / image.height) < 0.01;
    if (!sameShape) {
      throw new AppError(
        'INVALID_MASK',
        `The mask is ${maskRaw.width}x${maskRaw.height} but the image is ${image.width}x${image.height}; they must have the same size.`,
      );
    }
    // Same shape, other scale (a mask drawn on a preview): enlarge it without inventing grey levels.
    const { data, info } = await sharp(maskBytes)
      .ensureAlpha()
      .resize(image.width, image.height, { kernel: 'nearest' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    maskRaw = {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      channels: 4,
    };
  }
  return { image, mask: maskFromRaw(maskRaw), mime };
}

/** Encodes in the input's format family: JPEG at quality 95, PNG lossless, WebP at quality 95. */
export async function encodeLike(image: RawImage, mime: ImageMime): Promise<Buffer> {
  const pipeline = rawToSharp(image);
  if (mime === 'image/png') return pipeline.png({ compressionLevel: 6 }).toBuffer();
  if (mime === 'image/webp') return pipeline.webp({ quality: 95 }).toBuffer();
  return pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
}
