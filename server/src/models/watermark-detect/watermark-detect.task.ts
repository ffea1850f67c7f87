import type { RawImage } from '../../lib/image/raw-image';
import { findWatermark } from './find-watermark';

/**
 * Worker task `detect-watermark`: the watermark's mask at the image's size, or null when there is none. The
 * text detector's model is loaded on the first call and kept for the worker's life.
 */
export default async function detectWatermarkTask({
  image,
}: {
  image: RawImage;
}): Promise<{ mask: Uint8Array | null }> {
  return { mask: await findWatermark(image) };
}
