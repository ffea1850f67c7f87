import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from '@common/plans';
import { AppError } from '../../lib/errors';
import type { BackgroundRemovalInput } from './background-removal.options';

const FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Rejects, in words a person understands, what no provider could process. Runs in the caller's thread so
 * the AppError keeps its code (errors thrown inside a worker thread lose their class on the way back).
 */
export async function checkBackgroundRemovalInput(input: BackgroundRemovalInput): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input.image, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE', 'This file could not be read as an image.');
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new AppError('UNSUPPORTED_IMAGE', 'Please upload a JPEG, PNG or WebP photo.');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'This photo has too many pixels to process.');
  }
}
