/*
 * Finding watermarks through the API and the command line, with the real detector and removal engine (local,
 * no network): the proposed mask of a tiled mark on a real photo, nothing on a clean one, only for the owner,
 * and watermark removal without a painted mask finding the mark first.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createEngineRegistry } from '../../src/engines/registry';
import { decodeRaw, type RawImage } from '../../src/lib/image/raw-image';
import { decodeMaskPng } from '../../src/lib/image/mask';
import { createWorkerPool } from '../../src/inference/pool';
import { cli } from '../support/cli';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';
import { photo as photoPath } from '../fixtures/text-marks/cases';
import { scoreMask } from '../fixtures/text-marks/render-marks';
import { markedJpeg, tiledMark } from '../fixtures/watermark-detect/tiled-marks';

const MARK = tiledMark(-30, '© SAMPLE', 0.4);
const cleanJpeg = () => sharp(photo('Dune.jpg')).resize({ width: 640 }).jpeg({ quality: 90 }).toBuffer();

describe('POST /api/images/:id/detect-watermark, and watermark removal without a mask', () => {
  const target = databaseTargets()[0];
  const pool = createWorkerPool({ threads: 1 });
  const app = useTestApp(target, {
    engines: () => createEngineRegistry({ pool }),
    storagePrefix: 'wm-detect-',
    close: () => pool.close(),
  });
  let marked: Buffer;
  let truth: Uint8Array;
  let clean: Buffer;
  beforeAll(async () => {
    clean = await cleanJpeg();
    ({ jpeg: marked, truth } = await markedJpeg(photoPath('Dune.jpg'), MARK, 640));
  });

  const creditsUsed = async (uid: string) =>
    (await app.database.db.select().from(users).where(eq(users.firebaseUid, uid)))[0].creditsUsed;
  const detect = (uid: string, id: string) =>
    app.sut.inject({ method: 'POST', url: `/api/images/${id}/detect-watermark`, headers: bearer(uid) });

  it("answers the mark's mask as a PNG at the photo's size, for the owner only, with no credit", async () => {
    const uploaded = (await app.upload('owner', marked, 'marked.jpg', 'watermark-removal')).json();
    const response = await detect('owner', uploaded.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const mask = await decodeMaskPng(response.rawPayload, uploaded.width, uploaded.height);
    const score = scoreMask(mask.bits, truth, uploaded.width, uploaded.height);
    expect(score.recall).toBeGreaterThanOrEqual(0.8);
    expect(score.precision).toBeGreaterThanOrEqual(0.8);
    expect(await creditsUsed('owner')).toBe(0);

    const stranger = await detect('stranger', uploaded.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toMatch(/not yours/);
    const anonymous = await app.sut.inject({
      method: 'POST',
      url: `/api/images/${uploaded.id}/detect-watermark`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says so, with 422 and a way forward, when the photo has no watermark', async () => {
    const uploaded = (await app.upload('clean', clean, 'clean.jpg', 'watermark-removal')).json();
    const response = await detect('clean', uploaded.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'NOTHING_TO_DO',
      message: 'No watermark was found in this photo. Paint over it with the brush and try again.',
    });
  });

  it('removes a watermark without a painted mask by finding it first, and says so', async () => {
    const uploaded = (await app.upload('remover', marked, 'marked.jpg', 'watermark-removal')).json();
    const response = await app.processImage('remover', uploaded.id, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().note).toMatch(/found automatically/);
    const served = await app.sut.inject({
      method: 'GET',
      url: response.json().processedPath,
      headers: bearer('remover'),
    });
    const [before, after, reference] = await Promise.all([
      decodeRaw(marked),
      decodeRaw(served.rawPayload),
      decodeRaw(clean),
    ]);
    // Where the mark was, the result is far closer to the photo without it than the upload was.
    expect(distance(after, reference, truth)).toBeLessThan(0.5 * distance(before, reference, truth));
    expect(await creditsUsed('remover')).toBe(1);
  });

  it('gives the credit back when there was no mask and no watermark to find', async () => {
    const uploaded = (await app.upload('nothing', clean, 'clean.jpg', 'watermark-removal')).json();
    const response = await app.processImage('nothing', uploaded.id, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('NOTHING_TO_DO');
    expect(await creditsUsed('nothing')).toBe(0);
  });

  it("finds each photo's own mark in a batch sent without a mask, and returns the credit where there is none", async () => {
    const ids = [
      (await app.upload('seller', marked, 'marked.jpg', 'watermark-removal')).json().id as string,
      (await app.upload('seller', clean, 'clean.jpg', 'watermark-removal')).json().id as string,
    ];
    const response = await app.sut.inject({
      method: 'POST',
      url: '/api/batches',
      headers: bearer('seller'),
      payload: { imageIds: ids },
    });
    expect(response.statusCode, response.body).toBe(200);
    const outcomes = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; imageId?: string; error?: { code: string } })
      .filter((event) => event.type === 'completed' || event.type === 'failed');
    expect(outcomes.find((event) => event.imageId === ids[0])?.type).toBe('completed');
    const missed = outcomes.find((event) => event.imageId === ids[1]);
    expect(missed?.type).toBe('failed');
    expect(missed?.error?.code).toBe('NOTHING_TO_DO');
    expect(await creditsUsed('seller')).toBe(1);
  });
});

/** Mean absolute difference per channel over the pixels the mark covers at least half. */
function distance(a: RawImage, b: RawImage, truth: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < truth.length; i++) {
    if (truth[i] < 51) continue;
    for (let k = 0; k < 3; k++) sum += Math.abs(a.data[i * 3 + k] - b.data[i * 3 + k]);
    n += 3;
  }
  return sum / n;
}

describe('npm run cli -- detect-watermark, and watermark-removal without --mask', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wm-cli-'));
  const env = { DATA_DIR: path.join(dir, 'data') };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the mask of a marked photo, and says when a photo has none', async () => {
    const input = path.join(dir, 'marked.jpg');
    writeFileSync(input, (await markedJpeg(photoPath('Dune.jpg'), MARK, 640)).jpeg);
    const out = path.join(dir, 'mask.png');
    const found = await cli(['detect-watermark', '--image', input, '--out', out], env);
    expect(found.code, found.stderr).toBe(0);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([640, 400, 'png']);

    const cleanInput = path.join(dir, 'clean.jpg');
    writeFileSync(cleanInput, await cleanJpeg());
    const none = await cli(
      ['detect-watermark', '--image', cleanInput, '--out', path.join(dir, 'none.png')],
      env,
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no watermark found');
    expect(existsSync(path.join(dir, 'none.png'))).toBe(false);
  });

  it('removes the watermark without --mask, finding it first', async () => {
    const input = path.join(dir, 'marked2.jpg');
    writeFileSync(input, (await markedJpeg(photoPath('Dune.jpg'), MARK, 640)).jpeg);
    const out = path.join(dir, 'cleaned.jpg');
    const result = await cli(['watermark-removal', '--image', input, '--out', out], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('found automatically');
    expect(existsSync(out)).toBe(true);
  });
});
