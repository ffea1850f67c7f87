import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './types';

/**
 * Helmet's security headers on every answer. The middleware is built once: @fastify/helmet built it again for
 * each request, parsing the whole policy every time, a cost every sign-in check paid.
 */
export function addSecurityHeaders(app: App, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
}
