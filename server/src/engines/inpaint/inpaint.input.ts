import { z } from 'zod';
import type { RawImage } from '../../lib/image';
import type { ImageFormat } from '../../lib/image-intake';
import type { Mask } from '../../lib/mask';

/** Everything a person (through the API or the CLI) can tune beyond the image and the mask. */
export const inpaintOptionsSchema = z
  .object({
    /** Pixels added around the painted mask to catch edges, shadows and halos (0-32). */
    grow: z.number().int().min(0).max(32).optional(),
    /** Width in pixels of the soft blend ring around the filled area (0-16). */
    feather: z.number().int().min(0).max(16).optional(),
    /** Parts of the mask at most twice this thick are filled by diffusion instead of texture synthesis (0-16). */
    thinRadius: z.number().int().min(0).max(16).optional(),
    /** Seed of the texture search, for reproducible results. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .strict();

export type InpaintOptions = z.infer<typeof inpaintOptionsSchema>;

export interface InpaintInput extends InpaintOptions {
  image: RawImage;
  /** The result is written in the same format family. */
  format: ImageFormat;
  /** The area to fill, at the image's size. */
  mask: Mask;
  kind: 'watermark' | 'object';
}
