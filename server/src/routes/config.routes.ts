import { publicConfigSchema, type PublicConfig } from '@common/schemas/auth';
import type { App } from '../http/types';

export function configRoutes(app: App, deps: { publicConfig: PublicConfig }) {
  app.get(
    '/api/config',
    {
      schema: {
        summary:
          'What the web page needs to start: sign-in settings, contact address, whether payments are on',
        tags: ['Account'],
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return deps.publicConfig;
    },
  );
}
