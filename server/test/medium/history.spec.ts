import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@common/schemas/images';
import { processedImages, usageRecords, users } from '../../src/db/schema';
import { imageKeys } from '../../src/storage/image-keys';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { storeResult } from '../support/stored-results';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const DAY_MS = 86_400_000;

describe.each(databaseTargets())('your images on $name', (target) => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'history-' });
  const get = (uid: string, url: string) => app.sut.inject({ method: 'GET', url, headers: bearer(uid) });

  /** Signs `uid` in once, so the user row exists, and answers its id. */
  async function signedIn(uid: string, plan: 'free' | 'monthly' = 'free'): Promise<string> {
    await get(uid, '/api/credits');
    const [row] = await app.database.db
      .update(users)
      .set({ subscriptionTier: plan })
      .where(eq(users.firebaseUid, uid))
      .returning();
    return row.id;
  }

  const folder = (userId: string, id: string) => app.storage.list(imageKeys.folder(userId, id));

  it('lists only the person’s results, newest first, a page at a time', async () => {
    const me = await signedIn('lister');
    const other = await signedIn('neighbour');
    const picture = await sharp(photo('rocket.jpg')).resize(64).jpeg().toBuffer();
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await storeResult(app, me, new Date(now - i * 60_000), picture));
    // Two uploads in the same millisecond still each appear once.
    const tie = new Date(now - 10 * 60_000);
    const tied = [await storeResult(app, me, tie, picture), await storeResult(app, me, tie, picture)]
      .sort()
      .reverse();
    await storeResult(app, me, new Date(now), picture, { status: 'pending' });
    await storeResult(app, me, new Date(now), picture, { status: 'failed' });
    await storeResult(app, other, new Date(now), picture);

    const seen: HistoryItem[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await get('lister', `/api/images?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { images: HistoryItem[]; nextCursor: string | null };
      seen.push(...page.images);
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((item) => item.id)).toEqual([...ids, ...tied]);
    expect(seen[0]).toMatchObject({
      mode: 'object-removal',
      originalPath: `/api/images/${ids[0]}/original`,
      resultPath: expect.stringMatching(new RegExp(`^/api/images/${ids[0]}/result\\?v=`)),
      downloadPath: expect.stringContaining('download=1'),
    });
    const created = new Date(seen[0].createdAt).getTime();
    expect(new Date(seen[0].expiresAt).getTime() - created).toBe(30 * DAY_MS);

    const bad = await get('lister', '/api/images?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Start again from the first page');
    expect((await app.sut.inject({ method: 'GET', url: '/api/images' })).statusCode).toBe(401);
  });

  it('makes each thumbnail once and keeps it in storage', async () => {
    const me = await signedIn('thumbs');
    const id = await storeResult(
      app,
      me,
      new Date(),
      await sharp(photo('Aqua.jpg')).resize(1280).jpeg().toBuffer(),
    );
    const [item] = (await get('thumbs', '/api/images')).json().images as HistoryItem[];

    const first = await get('thumbs', item.thumbnails.result);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 480, height: 300 });
    const thumbnails = (await folder(me, id)).filter((key) => key.endsWith('-thumbnail.webp'));
    expect(thumbnails).toHaveLength(1);
    // A second request is served from storage, not made again: a marked copy put there comes back.
    const marked = await sharp({ create: { width: 8, height: 5, channels: 3, background: '#f0f' } })
      .webp()
      .toBuffer();
    await app.storage.put(thumbnails[0], marked);
    expect((await get('thumbs', item.thumbnails.result)).rawPayload.equals(marked)).toBe(true);
    expect((await get('thumbs', item.thumbnails.original)).statusCode).toBe(200);
    expect((await folder(me, id)).filter((key) => key.endsWith('-thumbnail.webp'))).toHaveLength(2);
    expect((await get('stranger', item.thumbnails.result)).statusCode).toBe(404);
  });

  it('deletes the original, mask, result and thumbnails; the usage record stays', async () => {
    const me = await signedIn('deleter');
    const upload = await app.upload(
      'deleter',
      await sharp(photo('coffee.png')).resize(120).jpeg().toBuffer(),
    );
    const { id } = upload.json();
    await app.database.db
      .update(processedImages)
      .set({ editingMode: 'object-removal' })
      .where(eq(processedImages.id, id));
    const mask = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const processed = await app.processImage('deleter', id, {
      maskData: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(processed.statusCode).toBe(200);
    const [item] = (await get('deleter', '/api/images')).json().images as HistoryItem[];
    await get('deleter', item.thumbnails.result);
    await get('deleter', item.thumbnails.original);
    const before = await folder(me, id);
    expect(before.map((key) => key.replace(/^.*\//, '').replace(/-[0-9a-f]{12}/, ''))).toEqual(
      expect.arrayContaining(['original.jpg', 'mask.png', 'result.jpg', 'result-thumbnail.webp']),
    );

    const refused = await app.sut.inject({
      method: 'DELETE',
      url: `/api/images/${id}`,
      headers: bearer('other'),
    });
    expect(refused.statusCode).toBe(404);
    expect(await folder(me, id)).toHaveLength(before.length);

    const deleted = await app.sut.inject({
      method: 'DELETE',
      url: `/api/images/${id}`,
      headers: bearer('deleter'),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await folder(me, id)).toEqual([]);
    expect(await app.database.db.select().from(processedImages).where(eq(processedImages.id, id))).toEqual(
      [],
    );
    const usage = await app.database.db.select().from(usageRecords).where(eq(usageRecords.userId, me));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ imageId: null, editingMode: 'object-removal' });
    expect((await get('deleter', item.originalPath)).statusCode).toBe(404);
    expect((await get('deleter', '/api/images')).json().images).toEqual([]);
  });

  it('the daily clean-up removes images past their plan’s retention, files and rows, and nothing else', async () => {
    const free = await signedIn('keeper-free');
    const paid = await signedIn('keeper-paid', 'monthly');
    const picture = await sharp(photo('rocket.jpg')).resize(48).jpeg().toBuffer();
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const freeOld = await storeResult(app, free, ago(31), picture);
    const freeNew = await storeResult(app, free, ago(29), picture);
    const freeOldUpload = await storeResult(app, free, ago(40), picture, { status: 'pending' });
    const freeOldBusy = await storeResult(app, free, ago(40), picture, { status: 'processing' });
    const paidKept = await storeResult(app, paid, ago(200), picture);
    const paidOld = await storeResult(app, paid, ago(366), picture);
    await app.database.db
      .insert(usageRecords)
      .values({ userId: free, imageId: freeOld, editingMode: 'object-removal' });

    expect(await app.sut.retention.removeExpired()).toBe(3);

    const left = await app.database.db
      .select({ id: processedImages.id })
      .from(processedImages)
      .where(sql`${processedImages.userId} in (${free}, ${paid})`);
    expect(left.map((r) => r.id).sort()).toEqual([freeNew, freeOldBusy, paidKept].sort());
    for (const [owner, id] of [
      [free, freeOld],
      [free, freeOldUpload],
      [paid, paidOld],
    ])
      expect(await folder(owner, id)).toEqual([]);
    expect(await folder(free, freeNew)).toHaveLength(2);
    expect(await folder(paid, paidKept)).toHaveLength(2);
    const usage = await app.database.db.select().from(usageRecords).where(eq(usageRecords.userId, free));
    expect(usage).toMatchObject([{ imageId: null }]);
    expect(await app.sut.retention.removeExpired()).toBe(0);
  });

  it('streams the results of 50 photos as one ZIP within a fixed memory budget', async () => {
    const me = await signedIn('zipper', 'monthly');
    // Incompressible 2 MB results: 100 MB in all, far beyond the budget if the ZIP were built in memory.
    const size = { width: 1024, height: 683, channels: 3 as const };
    const result = await sharp(randomBytes(size.width * size.height * 3), { raw: size })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const original = await sharp(photo('rocket.jpg')).resize(32).jpeg().toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await storeResult(app, me, new Date(), original, { result }));
    await app.database.db
      .update(processedImages)
      .set({ originalFilename: 'same name.jpg' })
      .where(eq(processedImages.id, ids[1]));
    await app.database.db
      .update(processedImages)
      .set({ originalFilename: 'same name.jpg' })
      .where(eq(processedImages.id, ids[2]));

    const address = await app.sut.listen({ host: '127.0.0.1', port: 0 });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'results.zip');
    const live = () => {
      gc();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    // A first small ZIP warms every path (and the database's own memory) up before the baseline.
    expect((await get('zipper', `/api/images/archive?ids=${ids[0]}`)).statusCode).toBe(200);
    const baseline = live();
    let peak = 0;
    let received = 0;
    let sinceSample = 0;
    const sampler = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        sinceSample += chunk.length;
        if (sinceSample > 4 * MB) {
          sinceSample = 0;
          peak = Math.max(peak, live() - baseline);
        }
        done(null, chunk);
      },
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      http
        .get(`${address}/api/images/archive?ids=${ids.join(',')}`, { headers: bearer('zipper') }, resolve)
        .on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBeUndefined();
    await pipeline(response, sampler, createWriteStream(file));

    expect(received).toBeGreaterThan(50 * result.length);
    expect(peak).toBeLessThan(MEMORY_BUDGET);
    const entries = await zipEntries(file);
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((e) => e.name)).size).toBe(50);
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['processed-same name.png', 'processed-same name (2).png']),
    );
    for (const entry of entries) expect(entry.data.equals(result)).toBe(true);
  });

  it('ends a ZIP whose file went missing without stopping the server', async () => {
    const me = await signedIn('zip-missing');
    const kept = await storeResult(app, me, new Date(), await small());
    const lost = await storeResult(app, me, new Date(), await small());
    const [row] = await app.database.db.select().from(processedImages).where(eq(processedImages.id, lost));
    await app.storage.delete(row.resultKey!);
    const broken = await get('zip-missing', `/api/images/archive?ids=${kept},${lost}`).catch(() => null);
    // No end of central directory: the download is visibly incomplete, not a ZIP that hides the loss.
    const endOfZip = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
    expect(broken?.rawPayload.includes(endOfZip) ?? false).toBe(false);
    expect((await get('zip-missing', '/api/images')).statusCode).toBe(200);
  });

  it('refuses a ZIP of someone else’s images or of more than 50', async () => {
    const theirs = await storeResult(app, await signedIn('zip-owner'), new Date(), await small());
    const response = await get('zip-other', `/api/images/archive?ids=${theirs}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    const tooMany = Array.from({ length: 51 }, () => theirs).join(',');
    expect((await get('zip-other', `/api/images/archive?ids=${tooMany}`)).statusCode).toBe(400);
  });
});

const MB = 1024 * 1024;
/**
 * Live memory the ZIP may add while it streams: a few results in flight whatever their number, plus the noise of
 * buffers the collector has let go but not yet handed back. A ZIP built in memory would hold all 100 MB.
 */
const MEMORY_BUDGET = 32 * MB;

/** The collector, to measure live memory rather than garbage not yet collected. */
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const small = () => sharp(photo('rocket.jpg')).resize(32).jpeg().toBuffer();

async function zipEntries(file: string): Promise<{ name: string; data: Buffer }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: { name: string; data: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
