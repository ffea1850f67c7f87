import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normalizeUpload } from './image-intake';

const gradient = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return sharp(data, { raw: { width, height, channels: 3 } });
};
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

/** A PNG chunk, length and CRC included. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

describe('normalizeUpload', () => {
  it('stores a file with nothing to clean as it came', async () => {
    for (const bytes of [
      await gradient(64, 48).png().toBuffer(),
      await gradient(64, 48).jpeg({ quality: 70 }).toBuffer(),
      await gradient(64, 48).webp().toBuffer(),
    ]) {
      const image = await normalizeUpload(bytes);
      expect(image.data.equals(bytes)).toBe(true);
      expect([image.width, image.height]).toEqual([64, 48]);
    }
  });

  it('cuts the metadata out of an upright JPEG without re-encoding it, and whatever follows its end', async () => {
    const tagged = await gradient(64, 48)
      .jpeg({ quality: 70 })
      .withExif({ IFD0: { Artist: 'someone', Copyright: 'secret owner' } })
      .toBuffer();
    const withTrailer = Buffer.concat([tagged, Buffer.from('a second picture with its own EXIF')]);
    const image = await normalizeUpload(withTrailer);
    expect(image.data.includes('secret owner')).toBe(false);
    expect(image.data.includes('second picture')).toBe(false);
    expect((await sharp(image.data).metadata()).exif).toBeUndefined();
    expect((await pixels(image.data)).equals(await pixels(tagged))).toBe(true);
  });

  it('cuts text chunks out of a PNG, keeping its pixels', async () => {
    const png = await gradient(64, 48).png().toBuffer();
    const withText = Buffer.concat([
      png.subarray(0, 33), // signature and IHDR
      pngChunk('tEXt', Buffer.from('Author\0someone at home')),
      png.subarray(33),
    ]);
    expect((await sharp(withText).metadata()).comments?.length).toBe(1);
    const image = await normalizeUpload(withText);
    expect(image.data.includes('someone at home')).toBe(false);
    expect((await pixels(image.data)).equals(await pixels(png))).toBe(true);
  });

  it('rewrites a rotated photo upright, without its metadata', async () => {
    const rotated = await gradient(64, 48)
      .jpeg()
      .withExif({ IFD0: { Artist: 'someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await normalizeUpload(rotated);
    const meta = await sharp(image.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect([meta.width, meta.height, image.width, image.height]).toEqual([48, 64, 48, 64]);
  });

  it('rewrites CMYK and 16-bit files as the 8-bit sRGB the engines read', async () => {
    for (const bytes of [
      await gradient(64, 48).toColourspace('cmyk').jpeg().toBuffer(),
      await gradient(64, 48).toColourspace('rgb16').png().toBuffer(),
    ]) {
      const meta = await sharp((await normalizeUpload(bytes)).data).metadata();
      expect([meta.space, meta.depth, meta.channels]).toEqual(['srgb', 'uchar', 3]);
    }
  });

  it('refuses a clean file that is cut short, found by decoding it whole', async () => {
    const png = await gradient(256, 256).png({ compressionLevel: 0 }).toBuffer();
    const jpeg = await gradient(256, 256).jpeg({ quality: 95 }).toBuffer();
    for (const cut of [png.subarray(0, png.length / 2), jpeg.subarray(0, jpeg.length / 2)]) {
      await expect(normalizeUpload(Buffer.from(cut))).rejects.toThrow(/damaged or incomplete/);
    }
  });
});
