import { z } from 'zod';
import type { ImageFormat } from '../../lib/image-intake';
import type { RawImage } from '../../lib/image';

/** What a person picks: how strong the retouch is, and whether skin is smoothed at all. */
export const faceEnhancementOptionsSchema = z
  .object({
    strength: z.enum(['subtle', 'natural', 'strong']).default('natural'),
    skinSmoothing: z.boolean().default(true),
  })
  .strict();
export type FaceEnhancementOptions = z.infer<typeof faceEnhancementOptionsSchema>;

export interface FaceEnhancementInput extends FaceEnhancementOptions {
  image: RawImage;
  format: ImageFormat;
  /** The plan's cap on the result, in pixels. */
  maxOutputPixels: number;
}

export const NO_FACE_NOTE = 'No face found; enhanced the whole photo';
