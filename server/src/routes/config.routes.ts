import { publicConfigSchema, type PublicConfig } from '@common/schemas/auth';
import type { App } from '../http/types';

export function configRoutes(app: App, deps: { publicConfig: PublicConfig }) {
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return deps.publicConfig;
  });
}
