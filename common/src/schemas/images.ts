import { z } from 'zod';
import { UUID } from '../ids';
import { MAX_BATCH_PHOTOS } from '../limits';
import { MODES } from '../modes';

/** GET /api/images query: `cursor` is the `nextCursor` of the page before. */
export const historyQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(24),
});

/** One past result in "Your images". */
export const historyItemSchema = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  originalFilename: z.string(),
  /** Upload time (ISO 8601); the retention period counts from it. */
  createdAt: z.string(),
  /** When the daily clean-up removes it (ISO 8601). */
  expiresAt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  resultWidth: z.number().int().nullable(),
  resultHeight: z.number().int().nullable(),
  originalPath: z.string(),
  resultPath: z.string(),
  downloadPath: z.string(),
  thumbnails: z.object({ original: z.string(), result: z.string() }),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** GET /api/images: newest first; `nextCursor` is null on the last page. */
export const historyPageSchema = z.object({
  images: z.array(historyItemSchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** GET /api/images/archive?ids=a,b,c: the results of those images as one ZIP. */
export const archiveQuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_BATCH_PHOTOS * 37)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(UUID, 'Each id must be one of your images.'))
        .min(1, 'Name at least one image.')
        .max(MAX_BATCH_PHOTOS, `A ZIP holds at most ${MAX_BATCH_PHOTOS} results.`),
    ),
});
