import { z } from 'zod';
import type { RawImage } from '../../lib/image';
import { UPSCALE_QUALITIES, type UpscaleQuality } from '../../models/esrgan/settings';

export { UPSCALE_QUALITIES, type UpscaleQuality };
export type UpscaleScale = 2 | 4;

/**
 * Options a person picks: 2x or 4x, and fast (slim), balanced (default: int8 thick on the detailed blocks,
 * Lanczos with back-projection elsewhere) or best (thick everywhere).
 */
export const upscaleOptionsSchema = z.object({
  scale: z.union([z.literal(2), z.literal(4)]).default(2),
  quality: z.enum(UPSCALE_QUALITIES).default('balanced'),
});
export type UpscaleOptions = z.infer<typeof upscaleOptionsSchema>;

export interface UpscaleInput {
  image: RawImage;
  scale: UpscaleScale;
  /** fast = ESRGAN slim, balanced = int8 thick on the detailed blocks (default), best = thick. */
  quality: UpscaleQuality;
  /** The plan's cap on the result, in pixels. */
  maxOutputPixels: number;
}
