import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { healthRoutes, type HealthCheck } from './health.routes';

describe('GET /healthz', () => {
  let app: App | undefined;
  afterEach(() => app?.close());

  async function answer(health: HealthCheck) {
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    healthRoutes(app, { health });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    return { status: response.statusCode, body: response.json() };
  }

  it('answers 200 when the database answers', async () => {
    expect(await answer({ pingDatabase: async () => {} })).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up' },
    });
  });

  it('answers 503 when it does not', async () => {
    const down = { pingDatabase: () => Promise.reject(new Error('connection refused')) };
    expect(await answer(down)).toEqual({ status: 503, body: { status: 'error', database: 'down' } });
  });
});
