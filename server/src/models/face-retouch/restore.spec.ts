import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { deblockPlane } from './deblock';
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

const planePsnr = (a: RawImage, b: RawImage, plane: 'y' | 'cb' | 'cr') => {
  const pa = toYcc(a)[plane];
  const pb = toYcc(b)[plane];
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += (pa[i] - pb[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / pa.length));
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

  it('thresholds block coefficients: unchanged under a zero threshold, flattened under a huge one', () => {
    const width = 32;
    const height = 24;
    const plane = Float32Array.from({ length: width * height }, (_, i) => 100 + 40 * Math.sin(i * 0.7));
    const kept = deblockPlane(plane, width, height, new Float32Array(64), 2);
    for (let i = 0; i < plane.length; i++) expect(kept[i]).toBeCloseTo(plane[i], 2);
    const flat = deblockPlane(plane, width, height, new Float32Array(64).fill(1e6), 2);
    const spread = (p: Float32Array) => Math.max(...p) - Math.min(...p);
    expect(spread(flat)).toBeLessThan(0.2 * spread(plane));
  });

  it('measures the JPEG quality a photo was saved at from its pixels, and none for a PNG never saved as JPEG', async () => {
    const png = await reference();
    for (const quality of [30, 40, 60, 75]) {
      const image = await decodeRaw(await sharp(png).jpeg({ quality }).toBuffer(), 3);
      const y = toYcc(image).y;
      expect(Math.abs(estimateJpegQuality(y, image.width, image.height)! - quality)).toBeLessThanOrEqual(2);
    }
    const clean = await decodeRaw(png, 3);
    expect(estimateJpegQuality(toYcc(clean).y, clean.width, clean.height)).toBeNull();
  });

  it("cleans a quality-40 copy's colour and leaves its luma to the learned 2x", async () => {
    const png = await reference();
    const truth = await decodeRaw(png, 3);
    const degraded = await decodeRaw(await sharp(png).jpeg({ quality: 40 }).toBuffer(), 3);
    const { image, report } = restorePhoto(degraded);
    expect(report.jpegQuality).toBeGreaterThan(35);
    expect(planePsnr(image, truth, 'cb') - planePsnr(degraded, truth, 'cb')).toBeGreaterThan(0.3);
    expect(planePsnr(image, truth, 'cr') - planePsnr(degraded, truth, 'cr')).toBeGreaterThan(0.3);
    expect(Math.abs(planePsnr(image, truth, 'y') - planePsnr(degraded, truth, 'y'))).toBeLessThan(0.05);
  });

  it('reduces the noise of a photo without a JPEG grid', async () => {
    const truth = await decodeRaw(await reference(), 3);
    let seed = 7;
    const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 24;
    const noisy = {
      ...truth,
      data: truth.data.map((v) => Math.max(0, Math.min(255, Math.round(v + noise())))),
    };
    const { image, report } = restorePhoto(noisy);
    expect(report.jpegQuality).toBeNull();
    expect(planePsnr(image, truth, 'y') - planePsnr(noisy, truth, 'y')).toBeGreaterThan(2);
  });

  it('leaves a clean, noiseless photo as it is', async () => {
    const truth = await decodeRaw(await reference(), 3);
    expect(restorePhoto(truth).image).toBe(truth);
  });
});
