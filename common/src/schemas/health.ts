import { z } from 'zod';

/** GET /healthz when the database answers (200). */
export const healthUpSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** GET /healthz when it does not (503). */
export const healthDownSchema = z.object({ status: z.literal('error'), database: z.literal('down') });
