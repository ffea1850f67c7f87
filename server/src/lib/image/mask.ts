import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../errors';
import { sniffFormat } from '../image-intake';

/**
 * The marked area of a picture, at the picture's size: one byte per pixel, 1 = marked, 0 = not. The one mask
 * type from the request to the model; PNG exists only in storage and at a cloud API's edge.
 */
export interface Mask {
  bits: Uint8Array;
  width: number;
  height: number;
}

/** A data URL of a PNG, as the editor sends it; about 30 MB of base64 is far beyond any real mask. */
const MAX_MASK_DATA_URL = 30 * 1024 * 1024;
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Reads the editor's mask: strokes on a transparent layer, or white on black. The mask may be drawn at another
 * resolution but must have the image's shape.
 */
export async function decodeMaskDataUrl(dataUrl: string, width: number, height: number): Promise<Mask> {
  if (dataUrl.length > MAX_MASK_DATA_URL) throw invalid('The mask is too large.');
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid('The mask must be a PNG image sent as a data URL.');
  return decodeMaskPng(Buffer.from(match[1], 'base64'), width, height);
}

/**
 * As decodeMaskDataUrl, for a PNG file's bytes: the command line's --mask, and the other places a person's
 * mask enters. The one check that something is marked.
 */
export async function decodeMaskPng(bytes: Buffer, width: number, height: number): Promise<Mask> {
  const { mask, marked } = await readMask(bytes, width, height, true);
  if (marked === 0) throw invalid('The mask is empty. Paint over the area you want to change.');
  return mask;
}

/**
 * A mask as the edit stored it (encodeMaskPng's black and white, at the photo's size): read by the same rule,
 * without checking again what was checked when it entered.
 */
export async function readStoredMask(bytes: Buffer, width: number, height: number): Promise<Mask> {
  return (await readMask(bytes, width, height, false)).mask;
}

async function readMask(
  bytes: Buffer,
  width: number,
  height: number,
  checkShape: boolean,
): Promise<{ mask: Mask; marked: number }> {
  if (sniffFormat(bytes) !== 'png') throw invalid('The mask must be a PNG image.');
  let raw: { data: Buffer; info: OutputInfo };
  try {
    if (checkShape) {
      const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
      const mw = meta.width ?? 0;
      const mh = meta.height ?? 0;
      if (!mw || !mh) throw new Error('no size');
      if (Math.abs(mw / mh - width / height) > 0.02 * (width / height) + 1 / Math.min(mw, mh)) {
        throw invalid(
          `The mask (${mw} x ${mh}) does not have the shape of the image (${width} x ${height}).`,
        );
      }
    }
    raw = await sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'warning' })
      .ensureAlpha()
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid('The mask could not be read as an image.');
  }
  const { data } = raw;
  const bits = new Uint8Array(width * height);
  // Strokes on a transparent layer count by their opacity, whatever their colour; a fully opaque mask
  // counts its light pixels (white on black).
  let onTransparency = false;
  for (let p = 3; p < data.length && !onTransparency; p += 4) onTransparency = data[p] < 128;
  let marked = 0;
  for (let i = 0, p = 0; i < bits.length; i++, p += 4) {
    const on = onTransparency
      ? data[p + 3] >= 128
      : (data[p] * 299 + data[p + 1] * 587 + data[p + 2] * 114) / 1000 >= 128;
    if (on) {
      bits[i] = 1;
      marked++;
    }
  }
  return { mask: { bits, width, height }, marked };
}

/** Black and white PNG (255 = marked): the stored form of a mask, and what cloud inpainting APIs take. */
export function encodeMaskPng(mask: Mask): Promise<Buffer> {
  const grey = new Uint8Array(mask.bits.length);
  for (let i = 0; i < grey.length; i++) grey[i] = mask.bits[i] ? 255 : 0;
  return sharp(grey, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();
}

function invalid(message: string) {
  return new AppError('INVALID_MASK', message);
}
