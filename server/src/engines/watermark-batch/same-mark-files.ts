import { AppError } from '../../lib/errors';
import { FORMAT_MIME, sniffFormat, type ImageFormat } from '../../lib/image-intake';
import { decodeMaskPng } from '../../lib/image/mask';
import { decodeRaw, encodeJpeg, encodePng, rawToSharp, type RawImage } from '../../lib/image/raw-image';
import { removeSameMark, type SameMarkOptions } from '../../models/watermark-batch/same-mark';

export interface PhotoFile {
  name: string;
  bytes: Buffer;
}

export interface SameMarkFile {
  name: string;
  /** The cleaned photo in its own format; a photo without the mark is its original bytes. */
  bytes: Buffer;
  mime: string;
  marked: boolean;
  /** What happened to this photo, for a person. */
  note: string;
}

/**
 * Watermark removal of a batch that carries one mark, from files to files: every photo decoded, the mark
 * estimated from all of them (models/watermark-batch), each written back in its own format. `mask`, a painted
 * mask of one photo (the first photo of its shape takes it), keeps the estimate to where it is painted.
 */
export async function removeSameMarkFromFiles(
  files: PhotoFile[],
  mask: Buffer | null = null,
  onProgress?: SameMarkOptions['onProgress'],
): Promise<SameMarkFile[]> {
  const photos: RawImage[] = [];
  for (const file of files) {
    if (!sniffFormat(file.bytes))
      throw new AppError('UNSUPPORTED_IMAGE', `${file.name} is not a JPEG, PNG or WebP image.`);
    photos.push(await decodeRaw(file.bytes, 3));
  }
  const hint = mask ? await hintFor(mask, photos) : null;
  const result = removeSameMark(photos, { hint, onProgress });
  return Promise.all(
    result.photos.map(async (photo, i): Promise<SameMarkFile> => {
      const format = sniffFormat(files[i].bytes) as ImageFormat;
      if (!photo.marked)
        return {
          name: files[i].name,
          bytes: files[i].bytes,
          mime: FORMAT_MIME[format],
          marked: false,
          note: 'the mark was not found on this photo: left untouched',
        };
      const filled = photo.filled ? `, ${photo.filled} opaque or clipped pixels filled` : '';
      return {
        name: files[i].name,
        bytes: await encodeAs(photo.image, format),
        mime: FORMAT_MIME[format],
        marked: true,
        note: `mark inverted on ${photo.inverted} pixels${filled} (match ${photo.placement.score.toFixed(2)})`,
      };
    }),
  );
}

async function hintFor(mask: Buffer, photos: RawImage[]): Promise<SameMarkOptions['hint']> {
  for (const [index, photo] of photos.entries()) {
    try {
      const decoded = await decodeMaskPng(mask, photo.width, photo.height);
      return { index, mask: decoded.bits };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw new AppError(
    'INVALID_MASK',
    'The mask has the shape of none of the photos: paint it on one of them.',
  );
}

function encodeAs(image: RawImage, format: ImageFormat): Promise<Buffer> {
  if (format === 'jpeg') return encodeJpeg(image);
  if (format === 'webp') return rawToSharp(image).webp({ quality: 92 }).toBuffer();
  return encodePng(image);
}
