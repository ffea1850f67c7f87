import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../http/types';
import { healthRoutes, type ReadinessChecks } from './health.routes';

describe('GET /healthz and /readyz', () => {
  let app: App | undefined;
  afterEach(() => app?.close());

  async function answer(url: string, checks: ReadinessChecks) {
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    healthRoutes(app, { checks });
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  }

  const up = async () => {};
  const refused = () => Promise.reject(new Error('connection refused'));
  const hanging = () => new Promise<void>(() => {});

  it('healthz answers 200 while the process runs, whatever its dependencies say', async () => {
    expect(await answer('/healthz', { database: refused })).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('readyz answers 200 when every dependency answers', async () => {
    expect(await answer('/readyz', { database: up, storage: up, redis: up })).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'up', storage: 'up', redis: 'up' } },
    });
  });

  it('readyz answers 503 naming the dependency that refuses or does not answer in time', async () => {
    expect(await answer('/readyz', { database: refused, storage: up, redis: hanging })).toEqual({
      status: 503,
      body: { status: 'error', checks: { database: 'down', storage: 'up', redis: 'down' } },
    });
  });
});
