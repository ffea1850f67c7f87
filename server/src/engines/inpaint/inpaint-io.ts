import { AppError } from '../../lib/errors';
import { decodePhoto, rawToSharp, type RawImage } from '../../lib/image/raw-image';
import { FORMAT_MIME, type ImageFormat } from '../../lib/image-intake';
import type { ProviderResult } from '../types';

/** Encodes in the input's format family: JPEG at quality 95, PNG lossless, WebP at quality 95. */
export async function encodeLike(image: RawImage, format: ImageFormat): Promise<ProviderResult> {
  const pipeline = rawToSharp(image);
  const bytes =
    format === 'png'
      ? await pipeline.png({ compressionLevel: 6 }).toBuffer()
      : format === 'webp'
        ? await pipeline.webp({ quality: 95 }).toBuffer()
        : await pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
  return { image: bytes, mime: FORMAT_MIME[format] };
}

/** A cloud service's answer, which must be the input's size; given back in the format family the person sent. */
export async function answerLike(bytes: Buffer, input: RawImage, format: ImageFormat, provider: string) {
  const { image } = await decodePhoto(bytes);
  if (image.width !== input.width || image.height !== input.height)
    throw new AppError('PROVIDER_FAILED', `${provider} answered with another size than the input`);
  return encodeLike(image, format);
}
