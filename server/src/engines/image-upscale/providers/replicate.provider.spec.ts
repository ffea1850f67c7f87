import type { RawImage } from '../../../lib/image/raw-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicateStub } from '../../../../test/support/replicate-stub';
import { quietRunContext } from '../../../../test/support/run-context';
import { createReplicateProvider } from './replicate.provider';

/** A decoded photo of one colour, as the handler hands it to the providers. */
function solid(width: number, height: number, rgb: [number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = rgb[i % 3];
  return { data, width, height, channels: 3 };
}

describe('Replicate Real-ESRGAN provider', () => {
  const { listen, close, seen, predictions, stall, stalledPoll } = replicateStub();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await listen();
  });
  afterAll(close);
  const ctx = quietRunContext();

  it('is configured only with a token', () => {
    expect(createReplicateProvider(undefined).isConfigured()).toBe(false);
    expect(createReplicateProvider({ apiToken: 'r8_test' }).isConfigured()).toBe(true);
  });

  it('uploads, predicts, polls and returns the upscaled image at the exact size', async () => {
    const sut = createReplicateProvider({ apiToken: 'r8_test', baseUrl, version: 'v123', pollIntervalMs: 5 });
    const image = solid(30, 20, [0x33, 0xaa, 0x66]);
    const result = await sut.run({ image, scale: 4, quality: 'balanced', maxOutputPixels: 1e6 }, ctx);
    const { width, height, data } = result.image;
    expect([width, height]).toEqual([120, 80]);
    expect(Array.from(data.subarray(0, 3))).toEqual([0x33, 0xaa, 0x66]);
    const create = seen.find((s) => s.path === 'POST /v1/predictions');
    expect(create?.body).toMatchObject({ version: 'v123', input: { scale: 4, face_enhance: false } });
    expect(seen.filter((s) => s.path.includes(' /v1/')).every((s) => s.auth === 'Bearer r8_test')).toBe(true);
  });

  it('fails (so the chain falls back) when the token is refused', async () => {
    const sut = createReplicateProvider({ apiToken: 'wrong', baseUrl, pollIntervalMs: 5 });
    const image = solid(8, 8, [0, 0, 0]);
    await expect(sut.run({ image, scale: 2, quality: 'fast', maxOutputPixels: 1e6 }, ctx)).rejects.toThrow(
      /401/,
    );
  });

  it('cancels the prediction when the run is stopped, so it stops billing', async () => {
    stall.on = true;
    try {
      const sut = createReplicateProvider({ apiToken: 'r8_test', baseUrl, pollIntervalMs: 5 });
      const image = solid(8, 8, [0, 0, 0]);
      const stop = new AbortController();
      void stalledPoll().then(() => stop.abort(new Error('time limit')));
      await expect(
        sut.run({ image, scale: 2, quality: 'fast', maxOutputPixels: 1e6 }, { ...ctx, signal: stop.signal }),
      ).rejects.toThrow(/time limit/);
      const last = [...predictions.values()].at(-1)!;
      expect(last.canceled).toBe(true);
      expect(seen.at(-1)?.path).toMatch(/^POST \/v1\/predictions\/p\d+\/cancel$/);
    } finally {
      stall.on = false;
    }
  });
});
