import { livenessSchema, readinessSchema } from '@common/schemas/health';
import type { App } from '../http/types';
import { withTimeout } from '../lib/with-timeout';

/** What GET /readyz asks: one ping per dependency (database, storage, Redis when used), built in app.ts. */
export type ReadinessChecks = Record<string, () => Promise<void>>;

/** A dependency that does not answer in this time counts as down, so an orchestrator is never kept waiting. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * GET /healthz: alive (an orchestrator restarts the process when this fails), with no dependency asked.
 * GET /readyz: ready for traffic (an orchestrator or load balancer sends none while this answers 503).
 */
export function healthRoutes(app: App, deps: { checks: ReadinessChecks }) {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Alive: the process answers (no dependency is asked)',
        tags: ['Health'],
        response: { 200: livenessSchema },
      },
      config: { rateLimit: false },
    },
    async () => ({ status: 'ok' }) as const,
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Ready for traffic: the database, storage and Redis (when used) each answer',
        tags: ['Health'],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const names = Object.keys(deps.checks);
      const results = await Promise.allSettled(
        names.map((name) =>
          withTimeout(() => deps.checks[name](), {
            signal: new AbortController().signal,
            timeoutMs: CHECK_TIMEOUT_MS,
          }),
        ),
      );
      const checks: Record<string, 'up' | 'down'> = {};
      results.forEach((result, i) => {
        checks[names[i]] = result.status === 'fulfilled' ? 'up' : 'down';
        if (result.status === 'rejected')
          request.log.warn({ err: result.reason, dependency: names[i] }, 'readiness: dependency unreachable');
      });
      const ready = results.every((r) => r.status === 'fulfilled');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', checks });
    },
  );
}
