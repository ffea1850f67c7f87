import { z } from 'zod';

/** A face's box in the photo's pixels (x, y: its top-left corner). */
const faceBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** POST /api/images/:id/detect-people: whom a professional headshot of the photo could be of. */
export const headshotPeopleResponseSchema = z.object({
  people: z
    .array(faceBoxSchema)
    .describe(
      "The faces a headshot could be made of, in the photo's pixels: people in the room (not faces in pictures " +
        'on the wall) with a face at least 80 px wide and half as wide as the largest. The first is the one ' +
        'framed without a point; with two or more, a point on one (options subjectX, subjectY) chooses.',
    ),
});
export type HeadshotPeopleResponse = z.infer<typeof headshotPeopleResponseSchema>;
