import { z } from 'zod';

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
  /** Encoded image (JPEG, PNG or WebP), EXIF orientation already applied. */
  image: Buffer;
  /** Encoded PNG of the same size: white (>= 128 luminance, or alpha on a transparent mask) = area to fill. */
  mask: Buffer;
  kind: 'watermark' | 'object';
}
