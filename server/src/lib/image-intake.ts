import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from '@common/plans';
import { AppError } from './errors';
import type { ImageFormat } from './image-format';
import { stripMetadata } from './metadata-strip';

export { FORMAT_EXTENSION, FORMAT_MIME, type ImageFormat } from './image-format';

/** Recognises the three accepted formats by their first bytes, whatever the name or declared type says. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export function formatFromMime(mime: string): ImageFormat {
  return mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpeg';
}

export interface NormalizedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/** The checks of an upload that read only the header: one of the accepted formats, within the pixel limit. */
export async function checkUpload(bytes: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<ImageFormat> {
  return (await readHeader(bytes, maxPixels)).format;
}

async function readHeader(bytes: Buffer, maxPixels: number) {
  const format = sniffFormat(bytes);
  if (!format) {
    throw new AppError(
      'UNSUPPORTED_IMAGE',
      'This file type is not supported. Please upload a JPG, PNG or WebP image.',
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch {
    throw unreadable();
  }
  const { width, height } = meta;
  if (width * height > maxPixels) {
    throw new AppError(
      'INVALID_IMAGE',
      `This image is ${width} x ${height} pixels (${megapixels(width * height)} megapixels); the limit is ${megapixels(maxPixels)} megapixels.`,
    );
  }
  return { format, meta, width, height };
}

/**
 * Checks an upload and makes the copy to store: EXIF orientation applied, metadata (GPS included) dropped,
 * pixel count limited before anything is decoded, truncated or damaged files refused. An upright photo without a
 * colour profile keeps its own pixels and file, only its metadata cut out: re-encoding it would cost far more time
 * than decoding it and, for a JPEG, a generation of quality.
 */
export async function normalizeUpload(bytes: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<NormalizedImage> {
  const { format, meta, width, height } = await readHeader(bytes, maxPixels);
  const load = (input: Buffer) =>
    sharp(input, { limitInputPixels: maxPixels, failOn: 'warning', sequentialRead: true });
  try {
    const stripped = keepsItsPixels(meta) ? stripMetadata(bytes, format) : null;
    if (stripped) {
      // Every pixel decoded, so a truncated or damaged file fails here; the pixels themselves are not needed.
      const [strippedMeta] = await Promise.all([sharp(stripped).metadata(), load(stripped).raw().toBuffer()]);
      if (isBare(strippedMeta)) return { data: stripped, format, width, height };
    }
    const rotated = load(bytes).rotate();
    const encoded =
      format === 'jpeg'
        ? rotated.jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
        : format === 'png'
          ? rotated.png({ compressionLevel: 6 })
          : rotated.webp({ quality: 95, alphaQuality: 100 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

/**
 * Upright, one frame, 8-bit RGB or grey without a colour profile to apply: the stored copy can be the upload's own
 * pixels. Anything else (CMYK, 16 bits) is re-encoded, which brings it to the 8-bit sRGB the engines read.
 */
function keepsItsPixels(meta: Metadata): boolean {
  return (
    (meta.orientation ?? 1) === 1 &&
    (meta.pages ?? 1) === 1 &&
    !meta.icc &&
    meta.depth === 'uchar' &&
    (meta.space === 'srgb' || meta.space === 'b-w')
  );
}

/** Nothing that says where, when or by whom. */
function isBare(meta: Metadata): boolean {
  return !meta.exif && !meta.xmp && !meta.iptc && !meta.tifftagPhotoshop && !meta.comments?.length;
}

function unreadable() {
  return new AppError(
    'INVALID_IMAGE',
    'The file could not be read as an image. It may be damaged or incomplete.',
  );
}

function megapixels(pixels: number): string {
  return (pixels / 1e6).toFixed(pixels >= 1e7 ? 0 : 1);
}
