import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsrganModel } from './esrgan.model';
import { boxDownscale, lanczosUpscale } from './resample';
import { upscaleImage } from './upscale';
import type { Pixels } from './upscale-tiled';

const fixture = (name: string) => new URL(`../../../test/fixtures/upscale/${name}`, import.meta.url).pathname;

async function readRgb(file: string): Promise<Pixels> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

function lumaPsnr(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  width: number,
  height: number,
  border: number,
): number {
  let se = 0;
  let n = 0;
  for (let y = border; y < height - border; y++)
    for (let x = border; x < width - border; x++) {
      const i = (y * width + x) * 3;
      const ya = 0.257 * a[i] + 0.504 * a[i + 1] + 0.098 * a[i + 2];
      const yb = 0.257 * b[i] + 0.504 * b[i + 1] + 0.098 * b[i + 2];
      se += (ya - yb) ** 2;
      n++;
    }
  return 10 * Math.log10((255 * 255 * n) / se);
}

describe('tiled ESRGAN upscaling (balanced: int8 thick on the detailed blocks, real weights)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esrgan-'));
  const model = new EsrganModel('thick', 2, { modelDir: dir, precision: 'int8' });
  const run = (image: Pixels, tile?: number) =>
    upscaleImage(
      image,
      'balanced',
      2,
      (variant, precision) => {
        expect([variant, precision]).toEqual(['thick', 'int8']);
        return (x, w, h) => model.predict(x, w, h);
      },
      undefined,
      tile ? { tile } : {},
    );

  beforeAll(() => model.load());
  afterAll(async () => {
    await model.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no seams: tiled equals untiled within 1 level', async () => {
    const face = await readRgb(fixture('chelsea-face-128.png'));
    const photo: Pixels = { data: new Uint8Array(96 * 80 * 3), width: 96, height: 80, channels: 3 };
    for (let y = 0; y < 80; y++)
      photo.data.set(face.data.subarray(y * 128 * 3, (y * 128 + 96) * 3), y * 96 * 3);
    const [tiled, whole] = [await run(photo, 40), await run(photo, 1000)];
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++)
      worst = Math.max(worst, Math.abs(tiled.data[i] - whole.data[i]));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('restores a real photo better than a centred Lanczos (PSNR on Y)', async () => {
    const truth = await readRgb(fixture('coffee-192x128.png'));
    const small = boxDownscale({ ...truth, data: Float32Array.from(truth.data) }, 2);
    const input: Pixels = {
      data: Uint8Array.from(small.data, (v) => Math.round(v)),
      width: 96,
      height: 64,
      channels: 3,
    };
    const sut = await run(input);
    const classic = lanczosUpscale({ ...input, data: Float32Array.from(input.data) }, 2).data.map((v) =>
      Math.min(255, Math.max(0, Math.round(v))),
    );
    expect([sut.width, sut.height]).toEqual([192, 128]);
    expect(lumaPsnr(sut.data, truth.data, 192, 128, 2)).toBeGreaterThan(
      lumaPsnr(classic, truth.data, 192, 128, 2) + 0.1,
    );
  });

  it('puts edges where a centred resampler puts them', async () => {
    // A bright square on a dark ground, [16, 32) in source pixels: its edges belong at 32 and 64 in the output.
    const size = 48;
    const data = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        data.fill(
          x >= 16 && x < 32 && y >= 16 && y < 32 ? 200 : 40,
          (y * size + x) * 3,
          (y * size + x + 1) * 3,
        );
    const sut = await run({ data, width: size, height: size, channels: 3 });
    const row = 48;
    const crossing = (from: number, to: number) => {
      for (let x = from; x < to; x++) {
        const a = sut.data[(row * 96 + x) * 3];
        const b = sut.data[(row * 96 + x + 1) * 3];
        if ((a - 120) * (b - 120) <= 0 && a !== b) return x + 0.5 + (120 - a) / (b - a);
      }
      return NaN;
    };
    // Pixel X's centre is at X + 0.5; the 50% level between the two plateaus falls on the edge.
    expect(Math.abs(crossing(20, 44) - 32)).toBeLessThan(0.25);
    expect(Math.abs(crossing(52, 76) - 64)).toBeLessThan(0.25);
  });

  it('keeps the alpha channel, enlarged on its own', async () => {
    const rgb = await readRgb(fixture('chelsea-face-128.png'));
    const width = 64;
    const height = 40;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        data.set(rgb.data.subarray((y * 128 + x) * 3, (y * 128 + x) * 3 + 3), i);
        data[i + 3] = x < 32 ? 255 : Math.round((x - 32) * 8);
      }
    const sut = await run({ data, width, height, channels: 4 });
    expect([sut.width, sut.height, sut.channels]).toEqual([128, 80, 4]);
    const alpha = new Float32Array(width * height).map((_, i) => data[i * 4 + 3]);
    const expected = lanczosUpscale({ data: alpha, width, height, channels: 1 }, 2).data;
    for (let i = 0; i < expected.length; i++)
      expect(Math.abs(sut.data[i * 4 + 3] - Math.min(255, Math.max(0, expected[i])))).toBeLessThanOrEqual(
        0.5,
      );
  });
});
