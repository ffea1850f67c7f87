/*
 * The defects an outside fuzz test found, one by one, each a 4xx with a message now (they were 500s): a NUL in
 * the session cookie, ids that only look like UUIDs, history cursors with dates PostgreSQL cannot hold,
 * malformed multipart, and NUL characters in text meant for the database.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { multipart, photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const LOOKALIKES = ['-'.repeat(36), 'f'.repeat(36), '0123abcd-0123-abcd-0123-abcd0123abcdz'.slice(1)];

describe.each(databaseTargets())('hostile input on $name', (target) => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'hostile-' });
  const inject = (options: InjectOptions) => app.sut.inject(options);

  /** A 4xx in the error shape whose message a person can read. */
  function expectRefused(response: { statusCode: number; json(): unknown }, status: number, what: string) {
    expect(response.statusCode, what).toBe(status);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.message.length, what).toBeGreaterThan(10);
  }

  it('treats a session cookie with a NUL in it as no session, on every route that reads one', async () => {
    for (const url of ['/api/credits', '/api/auth/user', '/api/images', '/api/keys'])
      expectRefused(await inject({ method: 'GET', url, headers: { cookie: 'sid=%00abc' } }), 401, url);
    const signOut = await inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: { cookie: 'sid=%00abc' },
    });
    expect(signOut.statusCode).toBe(204);
  });

  it('answers 404 for ids that only look like UUIDs, wherever an id is taken', async () => {
    const { id } = (await app.upload('lena', photo('rocket.jpg'), 'r.jpg', 'image-upscale')).json();
    const who = bearer('lena');
    for (const fake of LOOKALIKES) {
      const calls = [
        { method: 'GET', url: `/api/images/${fake}/original` },
        { method: 'GET', url: `/api/images/${fake}/thumbnail` },
        { method: 'DELETE', url: `/api/images/${fake}` },
        { method: 'POST', url: `/api/process/${fake}`, payload: {} },
        { method: 'GET', url: `/api/process/${fake}/events` },
        { method: 'GET', url: `/api/v1/jobs/${fake}` },
        { method: 'DELETE', url: `/api/keys/${fake}` },
      ] satisfies InjectOptions[];
      for (const call of calls)
        expectRefused(await inject({ ...call, headers: who }), 404, `${call.method} ${call.url}`);
      const iterative = await app.processImage('lena', id, {
        isIterativeEdit: true,
        currentImageUrl: `/api/images/${fake}/result`,
      });
      expect(iterative.statusCode, 'currentImageUrl').toBeGreaterThanOrEqual(400);
      expect(iterative.statusCode).toBeLessThan(500);
      const cursor = Buffer.from(`2026-01-01T00:00:00.000Z|${fake}`).toString('base64url');
      expectRefused(
        await inject({ method: 'GET', url: `/api/images?cursor=${cursor}`, headers: who }),
        400,
        'cursor',
      );
    }
  });

  it('refuses history cursors carrying dates PostgreSQL cannot hold', async () => {
    for (const date of [
      '+010000-01-01T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '-200000-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      const cursor = Buffer.from(`${date}|00000000-0000-0000-0000-000000000000`).toString('base64url');
      expectRefused(
        await inject({ method: 'GET', url: `/api/images?cursor=${cursor}`, headers: bearer('mo') }),
        400,
        date,
      );
    }
  });

  it('answers malformed multipart with a 400 that says what is wrong, on both upload routes', async () => {
    const files = app.files().length;
    for (const url of ['/api/upload', '/api/v1/edit']) {
      const form = multipart(
        { mode: 'image-upscale' },
        { name: 'p.jpg', data: photo('rocket.jpg'), field: url === '/api/upload' ? 'file' : 'image' },
      );
      const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])![1];
      const cases = {
        'no boundary': { type: 'multipart/form-data', body: form.payload },
        'a boundary the body does not use': {
          type: `multipart/form-data; boundary=${boundary}zz`,
          body: form.payload,
        },
        'a body cut short': {
          type: form.headers['content-type'],
          body: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
        },
      };
      for (const [what, { type, body }] of Object.entries(cases)) {
        const response = await inject({
          method: 'POST',
          url,
          headers: { ...bearer('nia'), 'content-type': type },
          payload: body,
        });
        expectRefused(response, 400, `${url}: ${what}`);
      }
    }
    expect(app.files()).toHaveLength(files);
  });

  it('refuses NUL characters in text meant for the database, storing nothing', async () => {
    expectRefused(
      await inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'a@example.com', message: 'hello\u0000there' },
      }),
      400,
      'contact',
    );
    expectRefused(
      await inject({
        method: 'POST',
        url: '/api/keys',
        headers: bearer('ola'),
        payload: { name: 'my\u0000key' },
      }),
      400,
      'key name',
    );
    const keys = await inject({ method: 'GET', url: '/api/keys', headers: bearer('ola') });
    expect(keys.json().keys).toEqual([]);
  });
});
