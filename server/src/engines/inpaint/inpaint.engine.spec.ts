import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChain } from '../chain';
import { AppError } from '../../lib/errors';
import { decodePhoto, type DecodedPhoto } from '../../lib/image/raw-image';
import type { Mask } from '../../lib/image/mask';
import { silentLogger } from '../../lib/logger';
import { createWorkerPool } from '../../inference/pool';
import { fixtureBytes } from '../../../test/fixtures/inpaint/fixtures';
import { jsonAnswer, startLoopback } from '../../../test/fixtures/inpaint/loopback-server';
import {
  createObjectRemovalEngine,
  createWatermarkRemovalEngine,
  inpaintOptionsSchema,
} from './inpaint.engine';

const W = 192;
const H = 128;

function maskPng(draw: string): Promise<Buffer> {
  return sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns='http://www.w3.org/2000/svg' width='${W}' height='${H}'>${draw}</svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** A mask drawn in SVG (white = marked), as the server would read it; an empty drawing gives an empty mask. */
async function maskOf(draw: string): Promise<Mask> {
  const bits = await sharp(await maskPng(draw))
    .greyscale()
    .raw()
    .toBuffer();
  return { bits: Uint8Array.from(bits, (v) => (v >= 128 ? 1 : 0)), width: W, height: H };
}

async function raw(bytes: Buffer) {
  return sharp(bytes).removeAlpha().raw().toBuffer();
}

describe('inpaint engines', () => {
  const pool = createWorkerPool({ threads: 1 });
  const servers: { close(): Promise<void> }[] = [];
  const ctx = (timeoutMs = 60_000) => ({
    signal: new AbortController().signal,
    timeoutMs,
    log: silentLogger,
    progress: () => {},
  });
  const bytes = fixtureBytes('garden-192x128.png');
  let photo: DecodedPhoto;
  let mask: Mask;

  beforeAll(async () => {
    photo = await decodePhoto(bytes);
    mask = await maskOf(`<circle cx='80' cy='60' r='16' fill='white'/>`);
    // Warm the worker so time limits below measure the providers, not the thread start.
    await runChain(createObjectRemovalEngine({ pool }), { ...photo, mask, kind: 'object' }, ctx());
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await pool.close();
  });

  it('orders cloud providers first and the local provider last', () => {
    const sut = createWatermarkRemovalEngine({ clipdrop: { apiKey: 'a' }, stability: { apiKey: 'b' }, pool });
    expect(sut.mode).toBe('watermark-removal');
    expect(sut.providers.map((p) => p.id)).toEqual(['clipdrop', 'stability', 'local-patchmatch']);
    expect(
      createObjectRemovalEngine({ pool })
        .providers.filter((p) => p.isConfigured())
        .map((p) => p.id),
    ).toEqual(['local-patchmatch']);
  });

  it('fills locally in a worker and leaves unmasked pixels exactly as they were', async () => {
    const sut = createObjectRemovalEngine({ pool });
    const result = await runChain(sut, { ...photo, mask, kind: 'object', feather: 0 }, ctx());
    expect(result.providerId).toBe('local-patchmatch');
    expect([result.image.width, result.image.height, result.image.channels]).toEqual([W, H, 3]);
    const [before, after] = [await raw(bytes), result.image.data];
    let changedInside = 0;
    for (let i = 0; i < W * H; i++) {
      if (mask.bits[i]) {
        if (after[i * 3] !== before[i * 3]) changedInside++;
        continue;
      }
      expect(after[i * 3]).toBe(before[i * 3]);
      expect(after[i * 3 + 2]).toBe(before[i * 3 + 2]);
    }
    expect(changedInside).toBeGreaterThan(100);
  });

  it('falls back from a failing and a stalled cloud provider to the local one', async () => {
    const failing = await startLoopback(() => jsonAnswer(500, { error: 'internal' }));
    const stalled = await startLoopback(() => ({
      status: 200,
      headers: { 'content-type': 'image/png' },
      body: bytes,
      delayMs: 10_000,
    }));
    servers.push(failing, stalled);
    const sut = createObjectRemovalEngine({
      clipdrop: { apiKey: 'k', baseUrl: failing.url },
      stability: { apiKey: 'k', baseUrl: stalled.url },
      pool,
    });
    const result = await runChain(sut, { ...photo, mask, kind: 'object' }, ctx(3_000));
    expect(result.providerId).toBe('local-patchmatch');
    expect(failing.requests).toHaveLength(1);
    expect(stalled.requests).toHaveLength(1);
  });

  it('falls back after a rate-limit answer', async () => {
    const limited = await startLoopback(() =>
      jsonAnswer(429, { error: 'Too many requests' }, { 'retry-after': '60' }),
    );
    servers.push(limited);
    const sut = createWatermarkRemovalEngine({
      clipdrop: { apiKey: 'k', baseUrl: limited.url },
      pool,
    });
    const result = await runChain(sut, { ...photo, mask, kind: 'watermark' }, ctx());
    expect(result.providerId).toBe('local-patchmatch');
  });

  it("refuses a whole-image mask with the person's INVALID_MASK; an empty one never becomes a result", async () => {
    const sut = createObjectRemovalEngine({ pool });
    const whole = await maskOf(`<rect width='${W}' height='${H}' fill='white'/>`);
    const refused = await runChain(sut, { ...photo, mask: whole, kind: 'object' }, ctx()).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'INVALID_MASK', message: expect.stringMatching(/whole image/) });
    // A person's empty mask is refused where it enters (lib/image/mask.ts); the model still guards itself.
    const empty = await maskOf('');
    await expect(runChain(sut, { ...photo, mask: empty, kind: 'object' }, ctx())).rejects.toMatchObject({
      code: 'ENGINE_FAILED',
    });
  });

  it('validates the tuning options', () => {
    expect(inpaintOptionsSchema.parse({ grow: 3, seed: 7 })).toEqual({ grow: 3, seed: 7 });
    expect(() => inpaintOptionsSchema.parse({ grow: 99 })).toThrow();
    expect(() => inpaintOptionsSchema.parse({ unknown: 1 })).toThrow();
  });
});
