import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeMaskDataUrl, decodeMaskPng, encodeMaskPng, readStoredMask } from './mask';

/** A 3 x 1 PNG from RGBA bytes. */
const png = (rgba: number[]) =>
  sharp(Buffer.from(rgba), { raw: { width: 3, height: 1, channels: 4 } })
    .png()
    .toBuffer();

describe('reading a mask', () => {
  it('counts the light pixels of an opaque mask', async () => {
    const mask = await decodeMaskPng(await png([255, 255, 255, 255, 0, 0, 0, 255, 200, 200, 200, 255]), 3, 1);
    expect(Array.from(mask.bits)).toEqual([1, 0, 1]);
  });

  it('counts strokes of any colour painted on transparency', async () => {
    const mask = await decodeMaskPng(await png([255, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 200]), 3, 1);
    expect(Array.from(mask.bits)).toEqual([1, 0, 1]);
  });

  it('reads back exactly what it stored', async () => {
    const bits = Uint8Array.from([0, 1, 1, 0, 1, 0]);
    const stored = await encodeMaskPng({ bits, width: 3, height: 2 });
    expect(Array.from((await decodeMaskPng(stored, 3, 2)).bits)).toEqual(Array.from(bits));
    expect(Array.from((await readStoredMask(stored, 3, 2)).bits)).toEqual(Array.from(bits));
  });

  it('reads a stored mask without checking it again: that was done where it entered', async () => {
    const nothing = await encodeMaskPng({ bits: new Uint8Array(6), width: 3, height: 2 });
    await expect(decodeMaskPng(nothing, 3, 2)).rejects.toMatchObject({ message: /empty/ });
    expect(Array.from((await readStoredMask(nothing, 3, 2)).bits)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('refuses what is not a mask of this photo, in words a person understands', async () => {
    const wide = await png([255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255]);
    await expect(decodeMaskPng(wide, 3, 3)).rejects.toMatchObject({ code: 'INVALID_MASK', message: /shape/ });
    await expect(decodeMaskPng(await png(Array(12).fill(0)), 3, 1)).rejects.toMatchObject({
      message: /empty/,
    });
    await expect(decodeMaskDataUrl('data:image/gif;base64,R0lG', 3, 1)).rejects.toMatchObject({
      message: /PNG image sent as a data URL/,
    });
  });
});
