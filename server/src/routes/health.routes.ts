import { healthDownSchema, healthUpSchema } from '@common/schemas/health';
import type { App } from '../http/types';

/** The health check port: what GET /healthz asks of the server's dependencies (built in app.ts). */
export interface HealthCheck {
  /** Resolves when the database answers; rejects when it does not. */
  pingDatabase(): Promise<void>;
}

export function healthRoutes(app: App, deps: { health: HealthCheck }) {
  app.get(
    '/healthz',
    { schema: { response: { 200: healthUpSchema, 503: healthDownSchema } }, config: { rateLimit: false } },
    async (request, reply) => {
      try {
        await deps.health.pingDatabase();
        return { status: 'ok', database: 'up' } as const;
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'down' });
      }
    },
  );
}
