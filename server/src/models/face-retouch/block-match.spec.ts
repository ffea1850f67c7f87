import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image';
import { blockMatchWiener } from './block-match';
import { deblockPlane, wienerPlane } from './deblock';
import { LUMA_TABLE, quantTable } from './jpeg-quality';
import { toYcc } from './planes';
import { jpegThreshold, WIENER_NOISE } from './restore';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-grace-hopper-navy-portrait.jpg', import.meta.url),
);

const psnr = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
};

describe('block-matched Wiener filtering of the faces', () => {
  it('brings a quality-40 face closer to the clean one than the shifted-block clean-up alone', async () => {
    const png = await sharp(await readFile(PORTRAIT))
      .resize({ width: 200 })
      .blur(0.6)
      .png()
      .toBuffer();
    const truth = toYcc(await decodeRaw(png, 3));
    const { y, width, height } = toYcc(await decodeRaw(await sharp(png).jpeg({ quality: 40 }).toBuffer(), 3));
    const steps = quantTable(LUMA_TABLE, 40);
    const noise = steps.map((s) => (WIENER_NOISE * s * s) / 12);
    const thresholded = deblockPlane(
      y,
      width,
      height,
      steps.map((s) => jpegThreshold(40) * s),
      2,
    );
    const cleaned = wienerPlane(y, thresholded, width, height, noise, 2);
    const whole = { x: 0, y: 0, width, height };
    const refined = blockMatchWiener(y, cleaned, width, height, noise, whole);
    expect(psnr(refined, truth.y)).toBeGreaterThan(psnr(cleaned, truth.y) + 0.05);
  });

  it('changes nothing outside its rectangle and fades in across the rectangle’s rim', () => {
    const width = 48;
    const height = 40;
    const observed = Float32Array.from({ length: width * height }, (_, i) => 120 + 30 * Math.sin(i * 1.3));
    const estimate = new Float32Array(width * height).fill(120);
    const noise = new Float32Array(64).fill(50);
    const out = blockMatchWiener(observed, estimate, width, height, noise, {
      x: 8,
      y: 8,
      width: 30,
      height: 24,
    });
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (x < 8 || y < 8 || x >= 38 || y >= 32) expect(out[y * width + x]).toBe(120);
    // The flat estimate flattens the observed wave; on the rim only part of the change is applied.
    expect(Math.abs(out[20 * width + 20] - 120)).toBeLessThan(1);
  });

  it('returns the estimate itself for a rectangle too small to hold a block', () => {
    const plane = new Float32Array(16 * 16).fill(7);
    expect(
      blockMatchWiener(plane, plane, 16, 16, new Float32Array(64), { x: 2, y: 2, width: 5, height: 20 }),
    ).toBe(plane);
  });
});
