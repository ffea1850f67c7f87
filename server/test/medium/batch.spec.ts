import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BatchEvent } from '@common/schemas/batch';
import { processedImages, usageRecords, users } from '../../src/db/schema';
import { modeRunner } from '../../src/engines/mode-runner';
import type { Provider } from '../../src/engines/types';
import type { RawImage } from '../../src/lib/image/raw-image';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

/** One of the project's 16:10 photos, made smaller so the batch runs in moments. */
const small = (name: string, width: number, height: number) =>
  sharp(photo(name)).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();

const events = (payload: string) =>
  payload
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as BatchEvent);

/** Face enhancement here returns the photo as it is, once `release` lets it: a photo held in flight. */
let release = () => {};
let gate = Promise.resolve();
const held: Provider<{ image: RawImage }> = {
  id: 'test-held',
  kind: 'local',
  isConfigured: () => true,
  async run({ image }) {
    await gate;
    return { image };
  },
};
const engines = () =>
  testEngines({
    'face-enhancement': modeRunner({
      engine: { mode: 'face-enhancement', providers: [held] },
      optionsSchema: z.object({}),
      toInput: (request) => ({ image: request.image }),
    }),
  });

describe.each(databaseTargets())('batches on $name', (target) => {
  const app = useTestApp(target, { engines, storagePrefix: 'batch-' });

  async function uploadAll(uid: string, mode: string, pictures: Buffer[]): Promise<string[]> {
    const ids: string[] = [];
    for (const [i, data] of pictures.entries()) {
      const response = await app.upload(uid, data, `photo-${i + 1}.jpg`, mode);
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    return ids;
  }
  const runBatch = (uid: string, body: object) =>
    app.sut.inject({ method: 'POST', url: '/api/batches', headers: bearer(uid), payload: body });
  const remaining = async (uid: string) =>
    (await app.sut.inject({ method: 'GET', url: '/api/credits', headers: bearer(uid) })).json().credits
      .remaining as number;
  const userId = async (uid: string) =>
    (await app.database.db.select().from(users).where(eq(users.firebaseUid, uid)))[0].id;
  const rowsOf = async (ids: string[]) =>
    Promise.all(
      ids.map(
        async (id) =>
          (await app.database.db.select().from(processedImages).where(eq(processedImages.id, id)))[0],
      ),
    );

  it('holds the credits of the whole batch, spends one per success and returns each failure', async () => {
    const upscale = await uploadAll('seller', 'image-upscale', [
      await small('Aqua.jpg', 160, 100),
      await small('Dune.jpg', 160, 100),
      await small('Garden.jpg', 160, 100),
    ]);
    // The test engines' background removal always fails, as a crashed model would.
    const cutouts = await uploadAll('seller', 'background-removal', [
      await small('LadyBird.jpg', 160, 100),
      await small('TwoWings.jpg', 160, 100),
    ]);
    expect(await remaining('seller')).toBe(5);

    const response = await runBatch('seller', { imageIds: [...upscale, ...cutouts], scale: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = events(response.payload);
    expect(lines[0]).toEqual({ type: 'started', total: 5, creditsHeld: 5 });
    const completed = lines.filter((e) => e.type === 'completed');
    const failed = lines.filter((e) => e.type === 'failed');
    expect(completed.map((e) => e.imageId).sort()).toEqual([...upscale].sort());
    expect(failed.map((e) => e.imageId).sort()).toEqual([...cutouts].sort());
    for (const failure of failed) {
      expect(failure.error.code).toBe('ENGINE_FAILED');
      expect(failure.error.message).toContain('credit was returned');
    }
    for (const id of upscale) expect(lines.some((e) => e.type === 'progress' && e.imageId === id)).toBe(true);
    expect(lines.at(-1)).toMatchObject({
      type: 'finished',
      completed: 3,
      failed: 2,
      credits: { remaining: 2 },
    });

    expect(await remaining('seller')).toBe(2);
    const usage = await app.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.userId, await userId('seller')));
    expect(usage.map((u) => u.imageId).sort()).toEqual([...upscale].sort());
    const rows = await rowsOf([...upscale, ...cutouts]);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'failed', 'failed']);
    expect(rows.filter((r) => r.resultKey === null)).toHaveLength(2);
    const result = completed[0].type === 'completed' ? completed[0].result : null;
    const served = await app.sut.inject({
      method: 'GET',
      url: result!.processedPath,
      headers: bearer('seller'),
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 320, height: 200 });
  });

  it('refuses a batch the credits do not cover before anything runs', async () => {
    const ids = await uploadAll(
      'short',
      'image-upscale',
      await Promise.all(Array.from({ length: 6 }, () => small('Blinds.jpg', 80, 50))),
    );
    const response = await runBatch('short', { imageIds: ids });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: expect.stringContaining('This batch needs 6 credits and you have 5 credits left'),
    });
    expect(await remaining('short')).toBe(5);
    expect((await rowsOf(ids)).every((r) => r.status === 'pending')).toBe(true);
  });

  it('lets only one of two batches started at once spend the same credits', async () => {
    const ids = await uploadAll(
      'twice',
      'image-upscale',
      await Promise.all(Array.from({ length: 6 }, () => small('RainDrops.jpg', 80, 50))),
    );
    const answers = await Promise.all([
      runBatch('twice', { imageIds: ids.slice(0, 3) }),
      runBatch('twice', { imageIds: ids.slice(3) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 402]);
    expect(await remaining('twice')).toBe(2);
  });

  it('refuses photos that are not the person’s own, and no credit moves', async () => {
    const [theirs] = await uploadAll('owner', 'image-upscale', [await small('Aqua.jpg', 80, 50)]);
    const [mine] = await uploadAll('intruder', 'image-upscale', [await small('Dune.jpg', 80, 50)]);
    const response = await runBatch('intruder', { imageIds: [mine, theirs] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('1 photo of this batch do not exist or are not yours.');
    expect(await remaining('intruder')).toBe(5);
    expect(
      (await runBatch('intruder', { imageIds: Array.from({ length: 51 }, () => mine) })).statusCode,
    ).toBe(400);
  });

  it('scales one painted mask to every photo of its shape and refunds a photo of another shape', async () => {
    const sizes: [string, number, number][] = [
      ['Aqua.jpg', 320, 200],
      ['Blinds.jpg', 480, 300],
      ['YellowFlower.jpg', 640, 400],
    ];
    const same = await uploadAll(
      'painter',
      'object-removal',
      await Promise.all(sizes.map(([name, w, h]) => small(name, w, h))),
    );
    const [square] = await uploadAll('painter', 'object-removal', [await small('astronaut.png', 300, 300)]);
    // Painted on a 160 x 100 screen canvas: the mark covers x 25-50 %, y 25-50 % of each photo.
    const mark = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const mask = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#000' } })
      .composite([{ input: mark, left: 40, top: 25 }])
      .png()
      .toBuffer();

    const response = await runBatch('painter', {
      imageIds: [...same, square],
      maskData: `data:image/png;base64,${mask.toString('base64')}`,
    });
    const lines = events(response.payload);
    const failure = lines.find((e) => e.type === 'failed');
    expect(failure).toMatchObject({ imageId: square, error: { code: 'INVALID_MASK' } });
    expect(failure?.type === 'failed' && failure.error.message).toContain('does not have the shape');
    expect(await remaining('painter')).toBe(2);

    for (const [i, id] of same.entries()) {
      const done = lines.find((e) => e.type === 'completed' && e.imageId === id);
      expect(done?.type).toBe('completed');
      const served = await app.sut.inject({
        method: 'GET',
        url: done?.type === 'completed' ? done.result.processedPath : '',
        headers: bearer('painter'),
      });
      const [, w, h] = sizes[i];
      const area = async (share: number) => {
        const crop = { left: Math.ceil(w * share), top: Math.ceil(h * share), width: w / 5, height: h / 5 };
        return sharp(await sharp(served.rawPayload).extract(crop).png().toBuffer()).stats();
      };
      const [inside, outside] = [await area(0.26), await area(0.6)];
      // The marked area is filled in one colour on every photo (within the JPEG the result is written as, like
      // the photo); the rest keeps the photo's detail.
      for (const channel of inside.channels.slice(0, 3)) expect(channel.stdev).toBeLessThan(1);
      expect(outside.channels[0].stdev).toBeGreaterThan(3);
    }
  });

  it('stops starting photos when the person leaves, and returns their credits', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const ids = await uploadAll(
      'leaver',
      'face-enhancement',
      await Promise.all(Array.from({ length: 4 }, () => small('Wood.jpg', 80, 60))),
    );
    const address = await app.sut.listen({ host: '127.0.0.1', port: 0 });
    const request = http.request(`${address}/api/batches`, {
      method: 'POST',
      headers: { ...bearer('leaver'), 'content-type': 'application/json' },
    });
    request.end(JSON.stringify({ imageIds: ids }));
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    expect(JSON.parse(String((await once(response, 'data'))[0]))).toMatchObject({ type: 'started' });
    // The person closes the page while the first two photos are in flight.
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await expect
      .poll(async () => (await rowsOf(ids)).map((row) => row.status), { timeout: 20_000 })
      .toEqual(['completed', 'completed', 'pending', 'pending']);
    await expect.poll(() => remaining('leaver')).toBe(3);
  });
});
