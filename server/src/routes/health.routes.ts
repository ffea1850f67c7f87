import type { App } from '../http/types';

/** The health check port: what GET /healthz asks of the server's dependencies (built in app.ts). */
export interface HealthCheck {
  /** Resolves when the database answers; rejects when it does not. */
  pingDatabase(): Promise<void>;
}

export function healthRoutes(app: App, deps: { health: HealthCheck }) {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await deps.health.pingDatabase();
      return { status: 'ok', database: 'up' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'down' });
    }
  });
}
