import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { App } from '../http/types';

export function healthRoutes(app: App, deps: { db: Db }) {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'down' });
    }
  });
}
