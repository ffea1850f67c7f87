import { z } from 'zod';
import type { RawImage } from '../../lib/image';

/** The person's choices, validated by the API and the CLI with the same schema. */
export const backgroundRemovalOptionsSchema = z.object({
  backdrop: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('transparent') }),
      z.object({
        kind: z.literal('color'),
        color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c'),
      }),
      z.object({
        kind: z.literal('blur'),
        /** Gaussian sigma in pixels of the photo; by default it scales with the photo's size. */
        radius: z.number().min(1).max(200).optional(),
      }),
    ])
    .default({ kind: 'transparent' }),
  shadow: z.boolean().default(false),
  model: z.enum(['medium', 'small']).optional(),
});

export type BackgroundRemovalOptions = z.infer<typeof backgroundRemovalOptionsSchema>;
export type Backdrop = BackgroundRemovalOptions['backdrop'];
export type IsnetModelChoice = NonNullable<BackgroundRemovalOptions['model']>;

export interface BackgroundRemovalInput {
  image: RawImage;
  backdrop: Backdrop;
  shadow: boolean;
  model?: IsnetModelChoice;
}
