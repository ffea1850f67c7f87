import { z } from 'zod';
import { apiKeyListSchema, createApiKeyRequestSchema, createdApiKeySchema } from '@common/schemas/api';
import type { Authenticator } from '../http/authenticate';
import { SESSION } from '../http/openapi';
import type { App } from '../http/types';
import type { ApiKeysService } from '../services/api-keys.service';

/** The API page's calls. Only a signed-in person manages keys: a key cannot make or revoke keys. */
export function apiKeysRoutes(app: App, deps: { apiKeys: ApiKeysService; authenticator: Authenticator }) {
  const { apiKeys, authenticator } = deps;
  const noStore = { 'cache-control': 'private, no-store' };

  app.post(
    '/api/keys',
    {
      schema: {
        summary: 'Create an API key; the answer is the only time the key is shown',
        tags: ['API keys'],
        security: SESSION,
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      return reply
        .status(201)
        .headers(noStore)
        .send(await apiKeys.create(user, request.body.name));
    },
  );

  app.get(
    '/api/keys',
    {
      schema: {
        summary: 'Your API keys, newest first, with when each was last used or revoked',
        tags: ['API keys'],
        security: SESSION,
        response: { 200: apiKeyListSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      reply.headers(noStore);
      return { keys: await apiKeys.list(user) };
    },
  );

  app.delete(
    '/api/keys/:id',
    {
      schema: {
        summary: 'Revoke an API key: calls with it are refused from now on',
        tags: ['API keys'],
        security: SESSION,
        params: z.object({ id: z.string().max(64) }),
        emptyResponses: { 204: 'Revoked.' },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      await apiKeys.revoke(user, request.params.id);
      return reply.status(204).send();
    },
  );
}
