import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processedImages } from '../../src/db/schema';
import { seededRandom } from '../../src/lib/random';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const MAGIC = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  webp: Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'),
};

/** Files that must all be refused: garbage behind real magic bytes, truncations, broken headers, empties. */
async function brokenFiles(rand: () => number): Promise<{ name: string; data: Buffer }[]> {
  const sources = [
    photo('rocket.jpg'),
    await sharp(photo('chelsea.png')).png().toBuffer(),
    await sharp(photo('coffee.png')).webp().toBuffer(),
  ];
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
  const cases: { name: string; data: Buffer }[] = [
    { name: 'empty', data: Buffer.alloc(0) },
    { name: 'one byte', data: Buffer.from([0xff]) },
  ];
  for (let i = 0; i < 60; i++) {
    const magic = Object.values(MAGIC)[i % 3];
    cases.push({ name: `noise-${i}`, data: Buffer.concat([magic, bytes(16 + Math.floor(rand() * 4000))]) });
  }
  for (let i = 0; i < 120; i++) {
    const source = sources[i % 3];
    const cut = 8 + Math.floor(rand() * (source.length * 0.9));
    cases.push({ name: `truncated-${i}`, data: source.subarray(0, cut) });
  }
  for (let i = 0; i < 60; i++) {
    const source = Buffer.from(sources[i % 3]);
    const header = Math.min(source.length, i % 3 === 0 ? 600 : 120);
    for (let k = 0; k < 8; k++) source[8 + Math.floor(rand() * (header - 8))] ^= 1 + Math.floor(rand() * 255);
    cases.push({ name: `corrupted-header-${i}`, data: source.subarray(0, Math.floor(source.length * 0.6)) });
  }
  for (let i = 0; i < 20; i++)
    cases.push({ name: `text-${i}`, data: Buffer.from(`<svg>${'x'.repeat(i * 40)}</svg>`) });
  return cases;
}

const [target] = databaseTargets();

describe(`fuzzing upload and process on ${target.name}`, () => {
  const app = useTestApp(target, { engines: () => testEngines(), storagePrefix: 'fuzz-' });

  it('refuses hundreds of malformed uploads with a 4xx and a message, leaving nothing behind', async () => {
    const cases = await brokenFiles(seededRandom(42));
    expect(cases.length).toBeGreaterThanOrEqual(250);
    const seen = new Map<number, number>();
    for (const { name, data } of cases) {
      const response = await app.upload(`fuzz-${name.replace(/\W/g, '-')}`, data, `${name}.jpg`);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.json().error.message.length, name).toBeGreaterThan(10);
      seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([400, 415, 422]);
    expect(await app.database.db.select().from(processedImages)).toHaveLength(0);
    expect(app.files()).toHaveLength(0);
    expect((await app.sut.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses malformed masks with a 4xx, spends nothing and stores no mask', async () => {
    const rand = seededRandom(7);
    const { id } = (await app.upload('masker', photo('coffee.png'), 'c.png', 'object-removal')).json();
    const good = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const masks: string[] = [
      '',
      'data:image/png;base64,',
      'data:image/jpeg;base64,AAAA',
      'data:image/png;base64,%%%%',
      `data:image/png;base64,${photo('rocket.jpg').toString('base64')}`,
    ];
    for (let i = 0; i < 60; i++)
      masks.push(
        `data:image/png;base64,${good.subarray(0, 8 + Math.floor(rand() * good.length * 0.8)).toString('base64')}`,
      );
    for (let i = 0; i < 30; i++) {
      const junk = Buffer.concat([
        MAGIC.png,
        Buffer.from(Array.from({ length: 200 }, () => Math.floor(rand() * 256))),
      ]);
      masks.push(`data:image/png;base64,${junk.toString('base64')}`);
    }
    const before = app.files().length;
    for (const maskData of masks) {
      const response = await app.processImage('masker', id, { maskData });
      expect(response.statusCode, maskData.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.message.length).toBeGreaterThan(10);
    }
    expect(app.files().length).toBe(before);
    const me = await app.sut.inject({ method: 'GET', url: '/api/auth/user', headers: bearer('masker') });
    expect(me.json().credits.remaining).toBe(5);
  });
});
