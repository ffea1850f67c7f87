/*
 * Tap to select through the API and the command line, with the real model in its own worker thread (local, no
 * network): the cat of chelsea.png from one tap, against the mask drawn by hand for the benchmark
 * (bench/select/cases.ts), only for the photo's owner, with taps off the photo refused in words.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { decodeMaskPng } from '../../src/lib/image/mask';
import { createTapSelector } from '../../src/models/sam';
import { createWorkerPool } from '../../src/inference/pool';
import { cli } from '../support/cli';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const CAT = { width: 451, height: 300, tap: { x: 200, y: 180 } };
const truth = async () => {
  const png = readFileSync(new URL('../fixtures/select/cat.png', import.meta.url));
  return (await decodeMaskPng(png, CAT.width, CAT.height)).bits;
};

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return both / either;
}

describe('POST /api/images/:id/select', () => {
  const pool = createWorkerPool({ threads: 1 });
  const app = useTestApp(databaseTargets()[0], {
    engines: () => ({}),
    selector: () => createTapSelector(pool),
    storagePrefix: 'select-',
    close: () => pool.close(),
  });
  let id: string;
  beforeAll(async () => {
    const uploaded = await app.upload('owner', photo('chelsea.png'), 'chelsea.png', 'object-removal');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    id = uploaded.json().id;
  });

  const select = (uid: string | null, payload: object) =>
    app.sut.inject({
      method: 'POST',
      url: `/api/images/${id}/select`,
      headers: uid ? bearer(uid) : {},
      payload,
    });
  const creditsUsed = async (uid: string) =>
    (await app.database.db.select().from(users).where(eq(users.firebaseUid, uid)))[0].creditsUsed;

  it("answers the tapped object's mask as a PNG at the photo's size, for free", async () => {
    const response = await select('owner', { points: [{ ...CAT.tap, label: 1 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('no-store');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([CAT.width, CAT.height]);
    const mask = await decodeMaskPng(response.rawPayload, CAT.width, CAT.height);
    expect(mask.bits[CAT.tap.y * CAT.width + CAT.tap.x]).toBe(1);
    expect(iou(mask.bits, await truth())).toBeGreaterThanOrEqual(0.85);
    expect(await creditsUsed('owner')).toBe(0);
  });

  it('answers further taps from the cached photo, and a removing tap takes its part away (an eye)', async () => {
    const started = Date.now();
    const again = await select('owner', { points: [{ ...CAT.tap, label: 1 }] });
    expect(again.statusCode).toBe(200);
    // The encoder ran on the first call; a shared machine still answers a decoder-only tap in seconds.
    expect(Date.now() - started).toBeLessThan(5_000);
    const corrected = await select('owner', {
      points: [
        { ...CAT.tap, label: 1 },
        { x: 170, y: 115, label: 0 },
      ],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const mask = await decodeMaskPng(corrected.rawPayload, CAT.width, CAT.height);
    expect(mask.bits[CAT.tap.y * CAT.width + CAT.tap.x]).toBe(1);
    expect(mask.bits[115 * CAT.width + 170]).toBe(0);
  });

  it("treats another person's photo as not there, and asks a signed-out caller to sign in", async () => {
    const stranger = await select('stranger', { points: [{ ...CAT.tap, label: 1 }] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toMatch(/not yours/);
    expect((await select(null, { points: [{ ...CAT.tap, label: 1 }] })).statusCode).toBe(401);
  });

  it.each([
    [
      'a tap off the photo',
      { points: [{ x: 451, y: 10, label: 1 }] },
      'Tap 1 (451, 10) is outside the photo, which is 451 x 300 pixels. Tap on the photo itself.',
    ],
    [
      'a box reaching past its edge',
      { points: [{ x: 10, y: 10, label: 1 }], box: { x: 400, y: 0, width: 100, height: 50 } },
      'The box reaches outside the photo, which is 451 x 300 pixels. Keep it on the photo.',
    ],
    ['no tap at all', { points: [] }, 'Tap the object at least once.'],
    [
      'only removing taps',
      { points: [{ x: 10, y: 10, label: 0 }] },
      'Tap the object you want at least once (label 1), or draw a box around it.',
    ],
    [
      'a label other than 0 or 1',
      { points: [{ x: 10, y: 10, label: 2 }] },
      'Each tap is 1 (add) or 0 (remove).',
    ],
    [
      'eleven taps',
      { points: Array.from({ length: 11 }, () => ({ x: 10, y: 10, label: 1 })) },
      'A selection takes at most 10 taps.',
    ],
    ['a negative coordinate', { points: [{ x: -1, y: 10, label: 1 }] }, 'A tap cannot be left of the photo.'],
  ])('refuses %s with 400 and a sentence that says why', async (_, payload, message) => {
    const response = await select('owner', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message });
  });

  it('is in the OpenAPI document with its body', async () => {
    const doc = (await app.sut.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/images/{id}/select'].post;
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['points']);
    expect(body.properties.points).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    expect(operation.responses['200'].content).toHaveProperty('image/*');
    expect(operation.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }, { idToken: [] }]);
  });
});

describe('npm run cli -- select', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'select-cli-'));
  const env = { DATA_DIR: path.join(dir, 'data') };
  const input = fileURLOf('chelsea.png');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the tapped object's mask at the photo's size", async () => {
    const out = path.join(dir, 'cat.png');
    const result = await cli(['select', '--image', input, '--point', '200,180', '--out', out], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('mask written to');
    const mask = await decodeMaskPng(readFileSync(out), CAT.width, CAT.height);
    expect(iou(mask.bits, await truth())).toBeGreaterThanOrEqual(0.85);
  });

  it('refuses a tap off the photo, saying why, before loading the model', async () => {
    const result = await cli(
      ['select', '--image', input, '--point', '500,10', '--out', path.join(dir, 'no.png')],
      env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Tap 1 (500, 10) is outside the photo, which is 451 x 300 pixels.');
  });
});

function fileURLOf(name: string): string {
  return path.resolve(`assets/photos/${name}`);
}
