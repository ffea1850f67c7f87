import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { decodePhoto } from '../../lib/image/raw-image';
import { silentLogger } from '../../lib/logger';
import { createWorkerPool, type WorkerPool } from '../../inference/pool';
import { runChain } from '../chain';
import type { RunContext } from '../types';
import { createImageUpscaleEngine, upscaleOptionsSchema } from './image-upscale.engine';

const FIXTURE = new URL('../../../test/fixtures/upscale/chelsea-face-128.png', import.meta.url).pathname;

function context(progress: number[] = []): RunContext {
  return {
    signal: new AbortController().signal,
    timeoutMs: 120_000,
    log: silentLogger,
    progress: (f) => progress.push(f),
  };
}

describe('image-upscale engine', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'upscale-engine-'));
  const pool = createWorkerPool({ threads: 1 });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a result above the plan cap, naming the limit, before any inference', async () => {
    const idle: WorkerPool = {
      run: () => Promise.reject(new Error('no inference expected')),
      close: () => Promise.resolve(),
    };
    const sut = createImageUpscaleEngine({ pool: idle, modelDir: dir });
    const { image } = await decodePhoto(await sharp(FIXTURE).toBuffer());
    const attempt = runChain(
      sut,
      { image, scale: 4, quality: 'balanced', maxOutputPixels: 200_000 },
      context(),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'OUTPUT_TOO_LARGE',
      message: expect.stringContaining('0.2 megapixels'),
    });
  });

  it('upscales in the worker pool with progress per tile, exact size, alpha kept', async () => {
    const { data, info } = await sharp(FIXTURE)
      .extract({ left: 0, top: 0, width: 96, height: 64 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgba = Buffer.alloc(96 * 64 * 4);
    for (let i = 0; i < 96 * 64; i++) {
      data.copy(rgba, i * 4, i * info.channels, i * info.channels + 3);
      rgba[i * 4 + 3] = i % 96 < 48 ? 255 : 0;
    }
    const image = { data: new Uint8Array(rgba), width: 96, height: 64, channels: 4 as const };
    const progress: number[] = [];
    const sut = createImageUpscaleEngine({ pool, modelDir: dir });
    const options = upscaleOptionsSchema.parse({ quality: 'fast' });
    const result = await runChain(sut, { image, ...options, maxOutputPixels: 1_000_000 }, context(progress));
    expect(result.providerId).toBe('local-esrgan');
    const out = result.image;
    expect([out.width, out.height, out.channels]).toEqual([192, 128, 4]);
    expect(out.data[(10 * 192 + 20) * 4 + 3]).toBe(255);
    expect(out.data[(10 * 192 + 180) * 4 + 3]).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(progress.at(-1)).toBe(1);
  });

  it('runs the default quality (int8 thick on the detailed blocks) in the worker pool', async () => {
    const { image } = await decodePhoto(
      await sharp(FIXTURE).extract({ left: 16, top: 16, width: 64, height: 48 }).png().toBuffer(),
    );
    const sut = createImageUpscaleEngine({ pool, modelDir: dir });
    const options = upscaleOptionsSchema.parse({});
    expect(options).toEqual({ scale: 2, quality: 'balanced' });
    const result = await runChain(sut, { image, ...options, maxOutputPixels: 1_000_000 }, context());
    const out = result.image;
    expect([out.width, out.height, out.channels]).toEqual([128, 96, 3]);
    expect(readdirSync(dir)).toContain('esrgan-thick-x2-int8.onnx');
  });
});
