import { z } from 'zod';

/** Most taps one selection takes: enough to correct any outline, few enough to answer at once. */
export const MAX_SELECT_POINTS = 10;

/** One tap, in the photo's own pixels (0,0 is its top-left corner): 1 adds what is under it, 0 takes it away. */
export const selectPointSchema = z.object({
  x: z.number('Each tap needs an x in pixels.').min(0, 'A tap cannot be left of the photo.'),
  y: z.number('Each tap needs a y in pixels.').min(0, 'A tap cannot be above the photo.'),
  label: z.union([z.literal(1), z.literal(0)], 'Each tap is 1 (add) or 0 (remove).'),
});
export type SelectPoint = z.infer<typeof selectPointSchema>;

/** A rectangle dragged around the object, in the photo's pixels. */
export const selectBoxSchema = z.object({
  x: z.number().min(0, 'The box cannot start left of the photo.'),
  y: z.number().min(0, 'The box cannot start above the photo.'),
  width: z.number().positive('The box needs a width.'),
  height: z.number().positive('The box needs a height.'),
});
export type SelectBox = z.infer<typeof selectBoxSchema>;

/**
 * POST /api/images/:id/select body. Whether the taps fall inside the photo is checked against the photo itself
 * (400 naming the tap).
 */
export const selectRequestSchema = z
  .object({
    points: z
      .array(selectPointSchema)
      .min(1, 'Tap the object at least once.')
      .max(MAX_SELECT_POINTS, `A selection takes at most ${MAX_SELECT_POINTS} taps.`),
    box: selectBoxSchema.optional(),
  })
  .refine((r) => r.box || r.points.some((p) => p.label === 1), {
    message: 'Tap the object you want at least once (label 1), or draw a box around it.',
    path: ['points'],
  });
export type SelectRequest = z.infer<typeof selectRequestSchema>;
