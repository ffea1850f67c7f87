import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processedImages, usageRecords, users } from '../../src/db/schema';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { multipart, photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const png = (data: Buffer) => `data:image/png;base64,${data.toString('base64')}`;

async function maskPng(
  width: number,
  height: number,
  rect?: { left: number; top: number; w: number; h: number },
) {
  const base = sharp({ create: { width, height, channels: 3, background: '#000' } });
  if (!rect) return base.png().toBuffer();
  const white = await sharp({ create: { width: rect.w, height: rect.h, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  return base
    .composite([{ input: white, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

describe.each(databaseTargets())('image pipeline on $name', (target) => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'pipeline-' });
  const { files, upload, processImage } = app;
  const rows = async () => (await app.database.db.select().from(processedImages)).length;
  const withAuth = (uid: string, body: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: body.payload,
    headers: { ...body.headers, ...bearer(uid) },
  });
  const userRow = async (uid: string) =>
    (await app.database.db.select().from(users).where(eq(users.firebaseUid, uid)))[0];

  describe('upload', () => {
    it('stores a cleaned copy: orientation applied, metadata gone, row pending', async () => {
      const rotated = await sharp(photo('coffee.png'))
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'someone' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const response = await upload('alice', rotated, 'My Coffee.jpg');
      expect(response.statusCode).toBe(201);
      const { id, width, height, originalPath } = response.json();
      expect([width, height]).toEqual([400, 600]);
      const [row] = await app.database.db.select().from(processedImages).where(eq(processedImages.id, id));
      expect(row).toMatchObject({
        status: 'pending',
        editingMode: 'image-upscale',
        originalFilename: 'My Coffee.jpg',
      });
      const served = await app.sut.inject({ method: 'GET', url: originalPath, headers: bearer('alice') });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toMatch(/^private/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect([meta.width, meta.height]).toEqual([400, 600]);
    });

    it.each([
      ['a text file', Buffer.from('just some text, not an image'), 415, 'JPG, PNG or WebP'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 415, 'not supported'],
      ['a truncated JPEG', photo('rocket.jpg').subarray(0, 20_000), 422, 'damaged or incomplete'],
      [
        'a PNG with a broken header',
        Buffer.concat([photo('coffee.png').subarray(0, 16), Buffer.alloc(64, 7)]),
        422,
        'could not be read',
      ],
    ])('refuses %s with %i and leaves nothing behind', async (_name, data, status, message) => {
      const [before, beforeFiles] = [await rows(), files().length];
      const response = await upload('bob', data);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toContain(message);
      expect(await rows()).toBe(before);
      expect(files().length).toBe(beforeFiles);
    });

    it('refuses more pixels than the limit before decoding them (422)', async () => {
      const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#888' } })
        .jpeg({ quality: 10 })
        .toBuffer();
      const response = await upload('bob', huge);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toContain('the limit is 50 megapixels');
    });

    it("refuses a file over the plan's size limit with 413 naming the limit", async () => {
      const big = Buffer.concat([photo('rocket.jpg'), Buffer.alloc(10 * 1024 * 1024)]);
      const response = await upload('bob', big);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toContain('10 MB upload limit');
    });

    it('asks for sign-in, a file and a known mode', async () => {
      const body = multipart({ editingMode: 'image-upscale' }, { name: 'a.jpg', data: photo('rocket.jpg') });
      expect((await app.sut.inject({ method: 'POST', url: '/api/upload', ...body })).statusCode).toBe(401);
      const noFile = await app.sut.inject({
        method: 'POST',
        url: '/api/upload',
        ...withAuth('bob', multipart({ editingMode: 'x' })),
      });
      expect(noFile.statusCode).toBe(400);
      const noFile2 = await app.sut.inject({
        method: 'POST',
        url: '/api/upload',
        ...withAuth('bob', multipart({ editingMode: 'image-upscale' })),
      });
      expect(noFile2.json().error.message).toContain('No image was sent');
    });
  });

  describe('process', () => {
    it('runs the mode, stores the result, spends one credit and records the usage', async () => {
      const { id } = (await upload('carol', photo('chelsea.png'), 'cat.png')).json();
      const response = await processImage('carol', id, { scale: 2 });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ providerId: 'test-resize', credits: { remaining: 4, limit: 5 } });
      const result = await app.sut.inject({
        method: 'GET',
        url: body.processedPath,
        headers: bearer('carol'),
      });
      expect(result.headers['content-type']).toBe('image/png');
      const meta = await sharp(result.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([902, 600]);
      expect([body.width, body.height]).toEqual([902, 600]);
      const download = await app.sut.inject({
        method: 'GET',
        url: body.downloadPath,
        headers: bearer('carol'),
      });
      expect(download.headers['content-disposition']).toContain('filename="processed-cat.png"');
      const user = await userRow('carol');
      const usage = await app.database.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id));
      expect(usage).toHaveLength(1);
      const [row] = await app.database.db.select().from(processedImages).where(eq(processedImages.id, id));
      expect(row).toMatchObject({ status: 'completed', providerId: 'test-resize' });
    });

    it("answers 404 for another user's image, for its files and for made-up ids", async () => {
      const { id, originalPath } = (await upload('dave', photo('rocket.jpg'))).json();
      expect((await processImage('eve', id)).statusCode).toBe(404);
      expect(
        (await app.sut.inject({ method: 'GET', url: originalPath, headers: bearer('eve') })).statusCode,
      ).toBe(404);
      expect((await processImage('eve', 'not-a-uuid')).statusCode).toBe(404);
      expect((await processImage('eve', '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    });

    it('answers 501 for a mode without an engine, and takes no credit', async () => {
      const { id } = (await upload('frank', photo('rocket.jpg'), 'a.jpg', 'professional-photo')).json();
      const response = await processImage('frank', id);
      expect(response.statusCode).toBe(501);
      expect(response.json().error.message).toContain('not available yet');
      expect((await userRow('frank')).creditsUsed).toBe(0);
    });

    it('refunds the credit and marks the row failed when the engine fails', async () => {
      const { id } = (await upload('gina', photo('rocket.jpg'), 'a.jpg', 'background-removal')).json();
      const before = files().length;
      const response = await processImage('gina', id);
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toContain('Your credit was returned');
      expect((await userRow('gina')).creditsUsed).toBe(0);
      const [row] = await app.database.db.select().from(processedImages).where(eq(processedImages.id, id));
      expect(row.status).toBe('failed');
      expect(files().length).toBe(before);
    });

    it('spends a last credit exactly once among 20 concurrent requests', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++)
        ids.push((await upload('henry', photo('chelsea.png'), `c${i}.png`)).json().id);
      const henry = await userRow('henry');
      await app.database.db
        .update(users)
        .set({ creditsUsed: 4, creditsResetAt: new Date() })
        .where(eq(users.id, henry.id));
      const responses = await Promise.all(ids.map((id) => processImage('henry', id, { scale: 2 })));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 402)).toHaveLength(19);
      expect(responses.find((r) => r.statusCode === 402)!.json().error.message).toContain(
        'used all your credits',
      );
      const usage = await app.database.db
        .select()
        .from(usageRecords)
        .where(eq(usageRecords.userId, henry.id));
      expect(usage).toHaveLength(1);
      expect((await userRow('henry')).creditsUsed).toBe(5);
    });

    it('validates the mask: required, a PNG, the image shape, not empty', async () => {
      const { id, width, height } = (
        await upload('ivy', photo('coffee.png'), 'c.png', 'object-removal')
      ).json();
      const cases: [object, number, string][] = [
        [{}, 400, 'mark the area'],
        [{ maskData: 'data:image/png;base64,AAAA' }, 422, 'PNG'],
        [{ maskData: png(await sharp(photo('rocket.jpg')).jpeg().toBuffer()) }, 422, 'PNG'],
        [
          { maskData: png(await maskPng(100, 100, { left: 1, top: 1, w: 5, h: 5 })) },
          422,
          'shape of the image',
        ],
        [{ maskData: png(await maskPng(width, height)) }, 422, 'empty'],
      ];
      for (const [body, status, message] of cases) {
        const response = await processImage('ivy', id, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
        expect(response.json().error.message).toContain(message);
      }
      expect((await userRow('ivy')).creditsUsed).toBe(0);
    });

    it('edits a result again and restores original pixels inside a new mask', async () => {
      const { id, width, height } = (
        await upload('jack', photo('coffee.png'), 'c.png', 'object-removal')
      ).json();
      const rect = { left: 100, top: 100, w: 120, h: 80 };
      const first = await processImage('jack', id, { maskData: png(await maskPng(width, height, rect)) });
      expect(first.statusCode).toBe(200);
      const { processedPath } = first.json();
      const inner = { left: 120, top: 110, w: 40, h: 40 };
      const restored = await processImage('jack', id, {
        maskData: png(await maskPng(width, height, inner)),
        mode: 'restore',
        isIterativeEdit: true,
        currentImageUrl: `http://localhost:5000${processedPath}`,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().providerId).toBe('restore');
      const out = await app.sut.inject({
        method: 'GET',
        url: restored.json().processedPath,
        headers: bearer('jack'),
      });
      const crop = (img: Buffer, r: typeof inner) =>
        sharp(img)
          .removeAlpha()
          .extract({ left: r.left, top: r.top, width: r.w, height: r.h })
          .raw()
          .toBuffer();
      expect(Buffer.compare(await crop(out.rawPayload, inner), await crop(photo('coffee.png'), inner))).toBe(
        0,
      );
      const stillFilled = { left: 180, top: 150, w: 20, h: 20 };
      expect(
        Buffer.compare(await crop(out.rawPayload, stillFilled), await crop(photo('coffee.png'), stillFilled)),
      ).not.toBe(0);
    });

    it("refuses to continue from someone else's result", async () => {
      const mine = (await upload('kim', photo('chelsea.png'), 'c.png')).json();
      const done = (await processImage('kim', mine.id, { scale: 2 })).json();
      const theirs = (await upload('leo', photo('coffee.png'), 'c.png', 'object-removal')).json();
      const response = await processImage('leo', theirs.id, {
        maskData: png(await maskPng(theirs.width, theirs.height, { left: 1, top: 1, w: 9, h: 9 })),
        isIterativeEdit: true,
        currentImageUrl: done.processedPath,
      });
      expect(response.statusCode).toBe(404);
      const bad = await processImage('leo', theirs.id, {
        maskData: png(await maskPng(theirs.width, theirs.height, { left: 1, top: 1, w: 9, h: 9 })),
        isIterativeEdit: true,
        currentImageUrl: 'http://169.254.169.254/latest/meta-data',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('fails rows a restart left in processing and returns their credit', async () => {
      const { id } = (await upload('mia', photo('rocket.jpg'))).json();
      const mia = await userRow('mia');
      await app.database.db
        .update(users)
        .set({ creditsUsed: 1, creditsResetAt: new Date(Date.now() - 1000) })
        .where(eq(users.id, mia.id));
      await app.database.db
        .update(processedImages)
        .set({ status: 'processing' })
        .where(eq(processedImages.id, id));
      expect(await app.sut.processing.recoverInterrupted()).toBeGreaterThanOrEqual(1);
      const [row] = await app.database.db.select().from(processedImages).where(eq(processedImages.id, id));
      expect(row.status).toBe('failed');
      expect(row.errorMessage).toContain('server restarted');
      expect((await userRow('mia')).creditsUsed).toBe(0);
    });

    it('streams progress events to the owner while the image is processed', async () => {
      const { id } = (await upload('olga', photo('chelsea.png'), 'c.png')).json();
      const base = await app.sut.listen({ host: '127.0.0.1', port: 0 });
      const stream = await fetch(`${base}/api/process/${id}/events`, { headers: bearer('olga') });
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      const reading = (async () => {
        const events: { status: string; percent: number }[] = [];
        const decoder = new TextDecoder();
        let text = '';
        const reader = stream.body!.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          text += decoder.decode(chunk.value, { stream: true });
        }
        for (const line of text.split('\n'))
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
        return events;
      })();
      const processed = await fetch(`${base}/api/process/${id}`, {
        method: 'POST',
        headers: { ...bearer('olga'), 'content-type': 'application/json' },
        body: JSON.stringify({ scale: 2 }),
      });
      expect(processed.status).toBe(200);
      const events = await reading;
      expect(events[0]).toMatchObject({ status: 'queued', percent: 0 });
      expect(events.some((e) => e.status === 'processing' && e.percent > 0 && e.percent < 100)).toBe(true);
      expect(events.at(-1)).toMatchObject({ status: 'completed', percent: 100 });
      const stranger = await fetch(`${base}/api/process/${id}/events`, { headers: bearer('pete') });
      expect(stranger.status).toBe(404);
    });

    it('serves images by session cookie too, so <img> tags work', async () => {
      const { originalPath } = (await upload('nia', photo('rocket.jpg'))).json();
      const session = await app.sut.inject({
        method: 'POST',
        url: '/api/auth/session',
        headers: bearer('nia'),
      });
      const sid = session.cookies.find((c) => c.name === 'sid')!.value;
      const served = await app.sut.inject({
        method: 'GET',
        url: originalPath,
        headers: { cookie: `sid=${sid}` },
      });
      expect(served.statusCode).toBe(200);
      expect((await app.sut.inject({ method: 'GET', url: originalPath })).statusCode).toBe(401);
    });
  });
});
