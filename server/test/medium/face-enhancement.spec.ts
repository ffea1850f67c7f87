import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { enhancePhoto } from '../../src/engines/face-enhancement/enhance-photo';
import { NO_FACE_NOTE } from '../../src/engines/face-enhancement/face-enhancement.engine';
import { createEngineRegistry } from '../../src/engines/registry';
import { decodePhoto } from '../../src/lib/image';
import { createLocalStorage } from '../../src/storage/local.storage';
import { createWorkerPool } from '../../src/workers/pool';
import { databaseTargets } from '../support/databases';
import { bearer, fakeVerifier } from '../support/fake-verifier';
import { buildTestApp } from '../support/test-app';
import { multipart, photo } from '../support/uploads';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));

describe('Face enhancement through the API, with the real engine', () => {
  const target = databaseTargets()[0];
  const pool = createWorkerPool({ threads: 1 });
  let database: Database;
  let sut: BuiltApp;
  let storageRoot: string;

  beforeAll(async () => {
    database = await target.open();
    storageRoot = mkdtempSync(path.join(os.tmpdir(), 'face-'));
    sut = await buildTestApp({
      database,
      verifier: fakeVerifier,
      storage: createLocalStorage(storageRoot),
      engines: createEngineRegistry({ pool }),
    });
  });
  afterAll(async () => {
    await sut?.close();
    await pool.close();
    await database?.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  async function enhance(uid: string, data: Buffer, name: string, options?: object) {
    const body = multipart({ editingMode: 'face-enhancement' }, { name, data });
    const uploaded = await sut.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(uid) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await sut.inject({
      method: 'POST',
      url: `/api/process/${uploaded.json().id}`,
      headers: bearer(uid),
      payload: options ? { options } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const served = await sut.inject({ method: 'GET', url: answer.processedPath, headers: bearer(uid) });
    return { answer, result: served.rawPayload };
  }

  it('enhances a portrait at the strong setting into a JPEG exactly twice the size, with no note', async () => {
    const input = fixture('face/face-grace-hopper-navy-portrait.jpg');
    const { answer, result } = await enhance('ada', input, 'hopper.jpg', { strength: 'strong' });
    expect(answer).toMatchObject({ providerId: 'local-face', width: 1024, height: 1200 });
    expect(answer.note).toBeUndefined();
    const meta = await sharp(result).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 1200]);
  });

  it('enhances the whole photo 2x and says so when there is no face', async () => {
    const input = await sharp(photo('coffee.png')).resize({ width: 240 }).png().toBuffer();
    const { answer, result } = await enhance('bea', input, 'cup.png');
    expect(answer.note).toBe(NO_FACE_NOTE);
    const meta = await sharp(result).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 480, 320]);
  });

  it('refuses an unknown strength before spending a credit', async () => {
    const body = multipart({ editingMode: 'face-enhancement' }, { name: 'a.jpg', data: photo('rocket.jpg') });
    const uploaded = await sut.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer('cyd') },
    });
    const response = await sut.inject({
      method: 'POST',
      url: `/api/process/${uploaded.json().id}`,
      headers: bearer('cyd'),
      payload: { options: { strength: 'extreme' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('strength');
  });

  it('finds and retouches every face of a group photo large enough, on the engine directly', async () => {
    const { image } = await decodePhoto(fixture('detect/face-mariachi-band-smiling.jpg'));
    const result = await enhancePhoto(image, { strength: 'natural', skinSmoothing: true }, { pool });
    expect(result.faces.length).toBeGreaterThanOrEqual(4);
    expect(result.retouched).toBe(result.faces.filter((f) => f.box.width >= 40 || f.box.height >= 40).length);
    expect([result.image.width, result.image.height]).toEqual([2 * image.width, 2 * image.height]);
  });
});
