import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Refuses a request whose JSON body or query carries a NUL character anywhere (`\u0000`): PostgreSQL cannot
 * store one in text or JSON, and no person types one. Checked once here, before any route's own validation,
 * so that no text field can reach the database with it.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query))
      throw new AppError(
        'BAD_REQUEST',
        'The request contains a NUL character (\\u0000), which text may not hold.',
      );
  });
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // JSON nests only as deep as the body limit allows; the depth cap keeps the walk itself cheap.
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => holdsNul(item, depth + 1));
}
