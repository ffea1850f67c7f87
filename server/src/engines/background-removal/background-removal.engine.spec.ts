import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLoopbackMatteApi,
  type LoopbackBehaviour,
} from '../../../test/fixtures/background-removal/loopback-matte-api';
import { meanInRect, MARKED_PHOTOS } from '../../../test/fixtures/background-removal/regions';
import { alphaIoU } from '../../../test/support/image-measures';
import { AppError } from '../../lib/errors';
import { decodePhoto, type RawImage } from '../../lib/image/raw-image';
import { silentLogger } from '../../lib/logger';
import { createWorkerPool } from '../../inference/pool';
import { runChain } from '../chain';
import type { RunContext } from '../types';
import { createBackgroundRemovalEngine } from './background-removal.engine';

const PHOTOS = new URL('../../../../assets/photos/', import.meta.url);
const FIXTURES = new URL('../../../test/fixtures/background-removal/', import.meta.url);

const ctx = (): RunContext => ({
  signal: new AbortController().signal,
  timeoutMs: 120_000,
  log: silentLogger,
  progress: () => {},
});

/** The cut-out's alpha channel; the provider answers RGBA pixels on a transparent backdrop. */
function alphaOf({ data, width, height, channels }: RawImage) {
  expect(channels).toBe(4);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3];
  return { alpha, width, height };
}

describe('background-removal engine', () => {
  const pool = createWorkerPool({ threads: 1 });
  let photo: Buffer;
  let image: RawImage;
  let matte: Uint8Array;
  /** What a cloud API answers: the coffee cut-out at half size, as remove.bg's size=auto may. */
  let cloudPng: Buffer;
  let removeBg: LoopbackBehaviour = { kind: 'hang' };
  let photoroom: LoopbackBehaviour = { kind: 'hang' };
  let removeBgApi: Awaited<ReturnType<typeof startLoopbackMatteApi>>;
  let photoroomApi: Awaited<ReturnType<typeof startLoopbackMatteApi>>;

  beforeAll(async () => {
    photo = await readFile(new URL('coffee.png', PHOTOS));
    image = (await decodePhoto(photo)).image;
    const matteFile = await readFile(new URL('coffee.matte.png', FIXTURES));
    matte = new Uint8Array(await sharp(matteFile).toColourspace('b-w').raw().toBuffer());
    const rgb = await sharp(photo).removeAlpha().raw().toBuffer();
    const rgba = Buffer.alloc(matte.length * 4);
    for (let i = 0; i < matte.length; i++) {
      rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
      rgba[i * 4 + 3] = matte[i];
    }
    cloudPng = await sharp(rgba, { raw: { width: 600, height: 400, channels: 4 } })
      .resize(300, 200)
      .png()
      .toBuffer();
    removeBgApi = await startLoopbackMatteApi('/v1.0/removebg', () => removeBg);
    photoroomApi = await startLoopbackMatteApi('/v1/segment', () => photoroom);
  });
  afterAll(async () => {
    await Promise.all([pool.close(), removeBgApi.close(), photoroomApi.close()]);
  });

  const engine = (keys: { removeBg?: string; photoroom?: string } = {}) =>
    createBackgroundRemovalEngine({
      pool,
      removeBg: { apiKey: keys.removeBg, baseUrl: removeBgApi.baseUrl, timeoutMs: 1_000 },
      photoroom: { apiKey: keys.photoroom, baseUrl: photoroomApi.baseUrl, timeoutMs: 1_000 },
    });

  it('orders cloud providers first and the local model last, each cloud one only with its key', () => {
    const sut = engine();
    expect(sut.mode).toBe('background-removal');
    expect(sut.providers.map((p) => p.id)).toEqual(['remove-bg', 'photoroom', 'local-isnet']);
    expect(sut.providers.map((p) => p.isConfigured())).toEqual([false, false, true]);
    expect(engine({ removeBg: 'k' }).providers[0].isConfigured()).toBe(true);
  });

  it('uses remove.bg when its key is set, refining its smaller matte to the full photo', async () => {
    removeBg = { kind: 'image', png: cloudPng };
    const sut = await runChain(
      engine({ removeBg: 'rb-key' }),
      { image, backdrop: { kind: 'transparent' }, shadow: false },
      ctx(),
    );
    expect(sut.providerId).toBe('remove-bg');
    const request = removeBgApi.received.at(-1)!;
    expect(request.headers['x-api-key']).toBe('rb-key');
    // The decoded photo goes out encoded at the edge, at its full size.
    const sent = await sharp(request.imageFile!).metadata();
    expect([sent.width, sent.height]).toEqual([image.width, image.height]);
    expect(request.fields).toMatchObject({ size: 'auto', format: 'png' });
    const out = alphaOf(sut.image);
    expect([out.width, out.height]).toEqual([600, 400]);
    expect(alphaIoU(out.alpha, matte)).toBeGreaterThan(0.97);
  });

  it('falls back from a remove.bg error (402, no credits) to Photoroom', async () => {
    removeBg = { kind: 'error', status: 402, body: { errors: [{ title: 'Insufficient credits' }] } };
    photoroom = { kind: 'image', png: cloudPng };
    const sut = await runChain(
      engine({ removeBg: 'rb-key', photoroom: 'pr-key' }),
      { image, backdrop: { kind: 'color', color: '#ffffff' }, shadow: false },
      ctx(),
    );
    expect(sut.providerId).toBe('photoroom');
    expect(photoroomApi.received.at(-1)!.headers['x-api-key']).toBe('pr-key');
    expect([sut.image.width, sut.image.height, sut.image.channels]).toEqual([600, 400, 3]);
  });

  it('falls back to the local model when remove.bg times out and Photoroom fails', async () => {
    removeBg = { kind: 'hang' };
    photoroom = { kind: 'error', status: 500, body: { detail: 'internal error' } };
    const sut = await runChain(
      engine({ removeBg: 'rb-key', photoroom: 'pr-key' }),
      { image, backdrop: { kind: 'transparent' }, shadow: false },
      ctx(),
    );
    expect(sut.providerId).toBe('local-isnet');
    const out = alphaOf(sut.image);
    const coffee = MARKED_PHOTOS.find((p) => p.file === 'coffee.png')!;
    for (const rect of coffee.subject) expect(meanInRect(out.alpha, out.width, rect)).toBeGreaterThan(0.95);
    for (const rect of coffee.background) expect(meanInRect(out.alpha, out.width, rect)).toBeLessThan(0.03);
  });

  it('refuses a file that is not an image before any provider runs', async () => {
    const decoding = decodePhoto(Buffer.from('not an image'));
    await expect(decoding).rejects.toBeInstanceOf(AppError);
    await expect(decoding).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
  });
});
