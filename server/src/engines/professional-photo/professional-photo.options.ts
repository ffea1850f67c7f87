import { z } from 'zod';
import type { ImageFormat } from '../../lib/image-intake';
import type { RawImage } from '../../lib/image';

/** The output sizes: a square profile picture, a 4:5 portrait (feeds and CVs), and a print at 4:5. */
export const HEADSHOT_SIZES = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 1080, height: 1350 },
  print: { width: 1200, height: 1500 },
} as const;

export const HEADSHOT_BACKDROPS = ['grey', 'white', 'blue', 'charcoal', 'color', 'blur'] as const;

/** What a person picks; `color` is used with the `color` backdrop only. Flat, so the CLI can set each. */
export const professionalPhotoOptionsSchema = z
  .object({
    backdrop: z.enum(HEADSHOT_BACKDROPS).default('grey'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c')
      .default('#7f8c9a'),
    size: z.enum(['square', 'portrait', 'print']).default('square'),
    retouch: z.boolean().default(true),
  })
  .strict();
export type ProfessionalPhotoOptions = z.infer<typeof professionalPhotoOptionsSchema>;

export interface ProfessionalPhotoInput extends ProfessionalPhotoOptions {
  image: RawImage;
  format: ImageFormat;
}

/** Faces narrower than this (photo pixels) hold too little for a headshot. */
export const MIN_HEADSHOT_FACE_PX = 80;

export const SEVERAL_FACES_NOTE = 'Several people found; framed the largest, most central face';
