import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image';
import { dctBlock, idctBlock } from './dct';
import { estimateJpegQuality } from './jpeg-quality';
import { toYcc } from './planes';
import { restorePhoto } from './restore';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-old-man-sepia-moustache.jpg', import.meta.url),
);

/** The portrait halved (so its own JPEG grid is gone) and lightly blurred, as PNG: a clean reference. */
async function reference(): Promise<Buffer> {
  return sharp(await readFile(PORTRAIT))
    .resize({ width: 352 })
    .blur(0.6)
    .png()
    .toBuffer();
}

const lumaPsnr = (a: RawImage, b: RawImage) => {
  const ya = toYcc(a).y;
  const yb = toYcc(b).y;
  let sum = 0;
  for (let i = 0; i < ya.length; i++) sum += (ya[i] - yb[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / ya.length));
};

describe('whole-photo restoration', () => {
  it('inverts its own DCT', () => {
    const block = Float32Array.from({ length: 64 }, (_, i) => (i * 37) % 255);
    const coefficients = new Float32Array(64);
    const back = new Float32Array(64);
    dctBlock(block, coefficients);
    idctBlock(coefficients, back);
    for (let i = 0; i < 64; i++) expect(back[i]).toBeCloseTo(block[i], 3);
  });

  it('measures the JPEG quality a photo was saved at from its pixels, and none for a PNG never saved as JPEG', async () => {
    const png = await reference();
    for (const quality of [30, 40, 60, 75]) {
      const image = await decodeRaw(await sharp(png).jpeg({ quality }).toBuffer(), 3);
      const y = toYcc(image).y;
      expect(Math.abs(estimateJpegQuality(y, image.width, image.height)! - quality)).toBeLessThanOrEqual(4);
    }
    const clean = await decodeRaw(png, 3);
    expect(estimateJpegQuality(toYcc(clean).y, clean.width, clean.height)).toBeNull();
  });

  it('brings a quality-40 copy closer to the clean photo', async () => {
    const png = await reference();
    const truth = await decodeRaw(png, 3);
    const degraded = await decodeRaw(await sharp(png).jpeg({ quality: 40 }).toBuffer(), 3);
    const { image, report } = restorePhoto(degraded);
    expect(report.jpegQuality).toBeGreaterThan(35);
    expect(lumaPsnr(image, truth) - lumaPsnr(degraded, truth)).toBeGreaterThan(0.5);
    expect(image.width).toBe(truth.width);
  });

  it('leaves a clean, noiseless photo as it is', async () => {
    const truth = await decodeRaw(await reference(), 3);
    expect(restorePhoto(truth).image).toBe(truth);
  });
});
