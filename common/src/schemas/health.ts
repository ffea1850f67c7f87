import { z } from 'zod';

/** GET /healthz: the process is alive and answering (200). */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: each dependency the server needs, 200 when all are up, 503 when one is not. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
