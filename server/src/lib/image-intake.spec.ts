import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normalizeUpload } from './image-intake';

const gradient = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return sharp(data, { raw: { width, height, channels: 3 } });
};

describe('normalizeUpload', () => {
  it('stores a file with nothing to clean as it came', async () => {
    for (const bytes of [
      await gradient(64, 48).png().toBuffer(),
      await gradient(64, 48).jpeg({ quality: 70 }).toBuffer(),
      await gradient(64, 48).webp().toBuffer(),
    ]) {
      const image = await normalizeUpload(bytes);
      expect(image.data).toBe(bytes);
      expect([image.width, image.height]).toEqual([64, 48]);
    }
  });

  it('rewrites a file that carries metadata or a rotation', async () => {
    const tagged = await gradient(64, 48)
      .jpeg()
      .withExif({ IFD0: { Artist: 'someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await normalizeUpload(tagged);
    expect(image.data).not.toBe(tagged);
    const meta = await sharp(image.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });

  it('refuses a clean file that is cut short, found by decoding it whole', async () => {
    const png = await gradient(256, 256).png({ compressionLevel: 0 }).toBuffer();
    const jpeg = await gradient(256, 256).jpeg({ quality: 95 }).toBuffer();
    for (const cut of [png.subarray(0, png.length / 2), jpeg.subarray(0, jpeg.length / 2)]) {
      await expect(normalizeUpload(Buffer.from(cut))).rejects.toThrow(/damaged or incomplete/);
    }
  });
});
