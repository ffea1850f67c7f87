import type { RawImage } from '../../lib/image';
import { findWatermark } from './find-watermark';

/** Worker task `detect-watermark`: the watermark's mask at the image's size, or null when there is none. */
export default function detectWatermarkTask({ image }: { image: RawImage }): { mask: Uint8Array | null } {
  return { mask: findWatermark(image) };
}
