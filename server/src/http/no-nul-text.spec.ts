import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { refuseNulText } from './no-nul-text';

describe('refuseNulText', () => {
  const app = Fastify();
  installErrorHandler(app);
  refuseNulText(app);
  app.post('/echo', async (request) => ({ got: request.body }));

  const post = (payload: unknown, url = '/echo') =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'content-type': 'application/json' },
    });

  it('refuses a NUL in any string of the body, however deep, or of the query, with a 400 that says why', async () => {
    for (const [body, url] of [
      [{ message: 'hi\u0000there' }, '/echo'],
      [{ a: [{ b: ['\u0000'] }] }, '/echo'],
      [{ ['key\u0000']: 1 }, '/echo'],
      [{}, '/echo?cursor=%00'],
    ] as const) {
      const response = await post(body, url);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toContain('NUL');
    }
  });

  it('lets every other text through, control characters and all', async () => {
    const body = { message: 'line one\nline two\ttab \u0007 bell, 💥, \\u0000 written out' };
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json().got).toEqual(body);
  });
});
