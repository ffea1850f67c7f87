import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { createWorkerPool } from '../../inference/pool';
import { replicateStub } from '../../../test/support/replicate-stub';
import { quietRunContext } from '../../../test/support/run-context';
import { NO_FACE_NOTE, type FaceEnhancementInput } from './face-enhancement.options';
import { createReplicateFaceProvider } from './replicate-face.provider';

const portrait = async (): Promise<RawImage> =>
  decodeRaw(
    await sharp(
      readFileSync(
        fileURLToPath(
          new URL('../../../test/fixtures/face/face-grace-hopper-navy-portrait.jpg', import.meta.url),
        ),
      ),
    )
      .resize(256)
      .toBuffer(),
  );

/** A sky-like gradient: no face anywhere. */
function gradient(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set([90, 140, 120 + ((i % width) * 100) / width], 3 * i);
  return { data, width, height, channels: 3 };
}

const input = (image: RawImage, extra: Partial<FaceEnhancementInput> = {}): FaceEnhancementInput => ({
  image,
  strength: 'natural',
  skinSmoothing: true,
  maxOutputPixels: 36_000_000,
  ...extra,
});

describe('GFPGAN on Replicate, the face enhancement cloud provider', () => {
  const stub = replicateStub();
  const pool = createWorkerPool({ threads: 1 });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await stub.listen();
  });
  afterAll(async () => {
    await stub.close();
    await pool.close();
  });
  const provider = () =>
    createReplicateFaceProvider(
      { apiToken: 'r8_test', version: 'gfpgan-version', baseUrl, pollIntervalMs: 5 },
      { pool: () => pool },
    );

  it('is configured only with both a token and a model version', () => {
    const deps = { pool: () => pool };
    expect(createReplicateFaceProvider(undefined, deps).isConfigured()).toBe(false);
    expect(createReplicateFaceProvider({ apiToken: 'r8_test' }, deps).isConfigured()).toBe(false);
    expect(provider().isConfigured()).toBe(true);
  });

  it('serves the default look only: subtle, skin left alone, transparency and an oversized result go local', () => {
    const photo = gradient(100, 80);
    const sut = provider();
    expect(sut.accepts?.(input(photo))).toBe(true);
    expect(sut.accepts?.(input(photo, { strength: 'strong' }))).toBe(true);
    expect(sut.accepts?.(input(photo, { strength: 'subtle' }))).toBe(false);
    expect(sut.accepts?.(input(photo, { skinSmoothing: false }))).toBe(false);
    expect(sut.accepts?.(input({ ...photo, channels: 4, data: new Uint8Array(100 * 80 * 4) }))).toBe(false);
    expect(sut.accepts?.(input(photo, { maxOutputPixels: 4 * 100 * 80 - 1 }))).toBe(false);
  });

  it("sends the photo to the operator's model version and answers its pixels at twice its size", async () => {
    const photo = await portrait();
    const result = await provider().run(input(photo), quietRunContext());
    const { width, height, channels } = result.image;
    expect([width, height, channels]).toEqual([2 * photo.width, 2 * photo.height, 3]);
    expect(result.note).toBeUndefined();
    const create = stub.seen.findLast((s) => s.path === 'POST /v1/predictions');
    expect(create?.body).toMatchObject({ version: 'gfpgan-version', input: { version: 'v1.4', scale: 2 } });
    expect((create?.body as { input: { img: string } }).input.img).toMatch(/\/v1\/files\/file\d+$/);
  });

  it('says when the photo has no face, as the local pipeline does', async () => {
    const result = await provider().run(input(gradient(160, 120)), quietRunContext());
    expect(result.note).toBe(NO_FACE_NOTE);
  });

  it('fails, so the chain runs the local pipeline, when the answer is not exactly twice the size', async () => {
    stub.answer.scale = 4;
    try {
      await expect(provider().run(input(gradient(64, 48)), quietRunContext())).rejects.toThrow(
        /expected 128x96/,
      );
    } finally {
      stub.answer.scale = null;
    }
  });

  it('cancels the prediction when the run is stopped, so it stops billing', async () => {
    stub.stall.on = true;
    try {
      const stop = new AbortController();
      void stub.stalledPoll().then(() => stop.abort(new Error('time limit')));
      await expect(
        provider().run(input(gradient(64, 64)), { ...quietRunContext(), signal: stop.signal }),
      ).rejects.toThrow(/time limit/);
      expect([...stub.predictions.values()].at(-1)?.canceled).toBe(true);
    } finally {
      stub.stall.on = false;
    }
  });
});
