import Fastify, { type FastifyBaseLogger } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { installErrorHandler } from './error-handler';

describe('the error handler’s log', () => {
  it('says once, at info, that payments are not set up, and answers the documented 503 every time', async () => {
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger('info', stream) as FastifyBaseLogger,
      disableRequestLogging: true,
    });
    installErrorHandler(app);
    app.post('/pay', async () => {
      throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
    });
    app.get('/broken', async () => {
      throw new Error('a real fault');
    });

    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'POST', url: '/pay' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('PAYMENTS_NOT_CONFIGURED');
    }
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Payments are not configured on this server.' }),
    ]);
    expect(lines[0].err).toBeUndefined();

    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    expect(lines.at(-1)).toMatchObject({ level: 50, msg: 'unhandled error' });
  });
});
