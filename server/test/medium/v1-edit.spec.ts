import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { processedImages, usageRecords, users } from '../../src/db/schema';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { multipart, photo, type FilePart } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

describe.each(databaseTargets())('POST /api/v1/edit on $name', (target) => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'v1-edit-' });
  const inject = (options: InjectOptions) => app.sut.inject(options);

  async function keyFor(uid: string) {
    const response = await inject({
      method: 'POST',
      url: '/api/keys',
      headers: bearer(uid),
      payload: { name: 'script' },
    });
    return { authorization: `Bearer ${response.json().key}` };
  }
  function edit(
    auth: Record<string, string>,
    fields: Record<string, string>,
    files: FilePart[],
    prefer?: string,
  ) {
    const body = multipart(fields, files);
    return inject({
      method: 'POST',
      url: '/api/v1/edit',
      payload: body.payload,
      headers: { ...body.headers, ...auth, ...(prefer ? { prefer } : {}) },
    });
  }
  const image = (name = 'chelsea.png'): FilePart => ({
    field: 'image',
    name,
    data: photo(name),
    type: 'image/png',
  });
  const stateOf = async (uid: string) => {
    const [user] = await app.database.db.select().from(users).where(eq(users.firebaseUid, uid));
    const rows = await app.database.db
      .select()
      .from(processedImages)
      .where(eq(processedImages.userId, user.id));
    const usage = await app.database.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id));
    const files = app.files().filter((f) => f.includes(user.id));
    return { creditsUsed: user.creditsUsed, rows: rows.length, usage: usage.length, files: files.length };
  };

  it('answers the result image itself, with the credits left', async () => {
    const auth = await keyFor('kim');
    const response = await edit(auth, { mode: 'image-upscale', options: '{"scale":2}' }, [image()]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-credits-remaining']).toBe('4');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([902, 600]);
    // The same result is the person's, in the editor's place, and its use is recorded once.
    const stored = await inject({
      method: 'GET',
      url: String(response.headers['content-location']),
      headers: bearer('kim'),
    });
    expect(stored.rawPayload.equals(response.rawPayload)).toBe(true);
    expect(await stateOf('kim')).toMatchObject({ creditsUsed: 1, rows: 1, usage: 1 });
  });

  it('uses the mask sent with the photo', async () => {
    const auth = await keyFor('lou');
    const mask = await sharp({ create: { width: 451, height: 300, channels: 3, background: '#000' } })
      .composite([
        {
          input: { create: { width: 60, height: 40, channels: 3, background: '#fff' } },
          left: 100,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    const response = await edit(auth, { mode: 'object-removal' }, [
      image(),
      { field: 'mask', name: 'mask.png', data: mask, type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const [before, after] = await Promise.all(
      [photo('chelsea.png'), response.rawPayload].map((b) => sharp(b).removeAlpha().raw().toBuffer()),
    );
    const changed = (x: number, y: number) =>
      [0, 1, 2].some((c) => before[(y * 451 + x) * 3 + c] !== after[(y * 451 + x) * 3 + c]);
    expect(changed(130, 120)).toBe(true);
    expect(changed(20, 20)).toBe(false);
  });

  it('answers 202 with a job to follow when asked to respond asynchronously', async () => {
    const auth = await keyFor('max');
    const response = await edit(auth, { mode: 'image-upscale' }, [image()], 'respond-async, wait=0');
    expect(response.statusCode).toBe(202);
    expect(response.headers['preference-applied']).toBe('respond-async');
    expect(response.headers['x-credits-remaining']).toBe('4');
    const job = response.json();
    expect(response.headers.location).toBe(`/api/v1/jobs/${job.id}`);
    expect(job).toMatchObject({ mode: 'image-upscale', statusUrl: `/api/v1/jobs/${job.id}`, error: null });
    let status = job;
    for (let i = 0; i < 100 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await inject({ method: 'GET', url: job.statusUrl, headers: auth })).json();
    }
    expect(status).toMatchObject({ status: 'completed', result: { width: 902, height: 600 } });
    const result = await inject({ method: 'GET', url: status.result.url, headers: auth });
    expect(result.headers['content-type']).toBe('image/png');
    const other = await inject({ method: 'GET', url: job.statusUrl, headers: await keyFor('ned') });
    expect(other.statusCode).toBe(404);
  });

  it.each([
    ['no mode', { options: '{}' }, [image()], 400, 'mode must be one of the seven modes'],
    ['no photo', { mode: 'image-upscale' }, [], 400, 'No photo was sent'],
    [
      'options that are not JSON',
      { mode: 'image-upscale', options: '{scale:4' },
      [image()],
      400,
      'options must be a JSON object',
    ],
    ['object removal without a mask', { mode: 'object-removal' }, [image()], 400, 'mark the area'],
    [
      'an option outside the mode’s schema',
      { mode: 'image-upscale', options: '{"quality":"ultra"}' },
      [image()],
      400,
      'Invalid option quality',
    ],
    [
      'a text file',
      { mode: 'image-upscale' },
      [{ field: 'image', name: 'a.txt', data: Buffer.from('hello') }],
      415,
      'JPG, PNG or WebP',
    ],
  ])('refuses %s, and keeps nothing and spends nothing', async (_name, fields, files, status, message) => {
    const auth = await keyFor('oli');
    const before = await stateOf('oli');
    const response = await edit(auth, fields as Record<string, string>, files as FilePart[]);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(message);
    expect(await stateOf('oli')).toEqual(before);
  });

  it('checks the options with the mode’s schema, answering as POST /api/process/:id does', async () => {
    const auth = await keyFor('uma');
    const bad = { scale: 3 };
    const form = await edit(auth, { mode: 'image-upscale', options: JSON.stringify(bad) }, [image()]);
    const body = multipart({ editingMode: 'image-upscale' }, { ...image(), field: 'file' });
    const upload = await inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    const json = await inject({
      method: 'POST',
      url: `/api/process/${upload.json().id}`,
      headers: auth,
      payload: { options: bad },
    });
    expect([form.statusCode, json.statusCode]).toEqual([400, 400]);
    expect(form.json().error.message).toMatch(/^Invalid option scale: /);
    expect(form.json().error.message).toBe(json.json().error.message);
  });

  it('refunds an edit whose engine fails, and removes its upload', async () => {
    const auth = await keyFor('pat');
    const before = await stateOf('pat');
    const response = await edit(auth, { mode: 'background-removal' }, [image()]);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.message).toContain('Your credit was returned');
    expect(await stateOf('pat')).toEqual(before);
  });

  it('refuses a revoked key and a missing one before reading the photo', async () => {
    const auth = await keyFor('quin');
    const [{ id }] = (await inject({ method: 'GET', url: '/api/keys', headers: bearer('quin') })).json().keys;
    await inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: bearer('quin') });
    expect((await edit(auth, { mode: 'image-upscale' }, [image()])).statusCode).toBe(401);
    expect((await edit({}, { mode: 'image-upscale' }, [image()])).statusCode).toBe(401);
  });
});
