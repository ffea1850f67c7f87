import { z } from 'zod';
import { UUID } from '../ids';
import { MAX_BATCH_PHOTOS } from '../limits';
import { creditsSchema } from './auth';
import { processRequestSchema, processResponseSchema } from './process';

/**
 * POST /api/batches: the same edit on several uploaded photos. The settings are those of one process call
 * (one painted mask is scaled to every photo of its shape); iterative editing is one photo at a time.
 */
export const batchRequestSchema = processRequestSchema
  .pick({ maskData: true, prompt: true, scale: true, options: true })
  .extend({
    imageIds: z
      .array(z.string().regex(UUID, 'Each photo must be one of your uploads.'))
      .min(1, 'Choose at least one photo.')
      .max(MAX_BATCH_PHOTOS, `A batch holds at most ${MAX_BATCH_PHOTOS} photos.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be in a batch once.'),
  });
export type BatchRequest = z.input<typeof batchRequestSchema>;

/**
 * One line of the batch's answer (newline-delimited JSON, in order): `started` once the credits are held,
 * `progress` of each photo, `completed` or `failed` per photo, then `finished`.
 */
export const batchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), total: z.number().int(), creditsHeld: z.number().int() }),
  z.object({
    type: z.literal('progress'),
    imageId: z.string(),
    status: z.enum(['queued', 'processing']),
    percent: z.number(),
    message: z.string(),
  }),
  z.object({
    type: z.literal('completed'),
    imageId: z.string(),
    result: processResponseSchema.pick({
      processedPath: true,
      downloadPath: true,
      width: true,
      height: true,
      note: true,
    }),
  }),
  z.object({
    type: z.literal('failed'),
    imageId: z.string(),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
  z.object({
    type: z.literal('finished'),
    completed: z.number().int(),
    failed: z.number().int(),
    credits: creditsSchema,
  }),
]);
export type BatchEvent = z.infer<typeof batchEventSchema>;
