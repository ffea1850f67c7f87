import { describe, expect, it } from 'vitest';
import { discMask, loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import { decodeRaw, encodeJpeg, encodePng, rawToSharp, type RawImage } from '../../lib/image/raw-image';
import type { ModeRequest } from '../mode-runner';
import { createRestoreRunner } from './restore.runner';

const request = (image: RawImage, format: ModeRequest['format'], bits: Uint8Array | null): ModeRequest => ({
  image,
  format,
  mask: bits ? { bits, width: image.width, height: image.height } : null,
  prompt: null,
  options: {},
  plan: 'free',
});

const inverted = (image: RawImage): RawImage => ({ ...image, data: image.data.map((v) => 255 - v) });

describe('the Restore brush', () => {
  it('brings the original back inside the mask of a PNG, pixel for pixel, and keeps the edit elsewhere', async () => {
    const original = await loadFixture('garden-192x128.png');
    const edited = inverted(original);
    const mask = discMask(original.width, original.height, 60, 60, 20);
    const sut = createRestoreRunner(await encodePng(original));
    const result = await sut.run(request(edited, 'png', mask));
    expect(result).toMatchObject({ mime: 'image/png', providerId: 'restore' });
    const out = await decodeRaw(result.image, 3);
    // Counts of the channel values that match where they should come from: the original inside, the edit outside.
    const matches = { inside: 0, outside: 0, insideTotal: 0 };
    for (let i = 0; i < out.data.length; i++) {
      const inside = mask[Math.floor(i / 3)] === 1;
      const from = inside ? original : edited;
      if (inside) matches.insideTotal++;
      if (out.data[i] === from.data[i]) matches[inside ? 'inside' : 'outside']++;
    }
    expect(matches.insideTotal).toBeGreaterThan(0);
    expect(matches.inside).toBe(matches.insideTotal);
    expect(matches.outside).toBe(out.data.length - matches.insideTotal);
  });

  it('answers a JPEG photo with a JPEG', async () => {
    const original = await loadFixture('garden-192x128.png');
    const mask = discMask(original.width, original.height, 60, 60, 20);
    const sut = createRestoreRunner(await encodeJpeg(original, 95));
    const result = await sut.run(request(inverted(original), 'jpeg', mask));
    expect(result.mime).toBe('image/jpeg');
    expect(result.image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('stretches an original of another size to the edited picture first (an upscaled result)', async () => {
    const small = await loadFixture('garden-192x128.png');
    const edited = inverted(await decodeRaw(await rawToSharp(small).resize(384, 256).png().toBuffer(), 3));
    const mask = discMask(384, 256, 120, 120, 40);
    const result = await createRestoreRunner(await encodePng(small)).run(request(edited, 'png', mask));
    const out = await decodeRaw(result.image, 3);
    expect([out.width, out.height]).toEqual([384, 256]);
    const stretched = await decodeRaw(
      await rawToSharp(small).resize(384, 256, { fit: 'fill' }).png().toBuffer(),
      3,
    );
    const centre = (120 * 384 + 120) * 3;
    expect([...out.data.subarray(centre, centre + 3)]).toEqual([
      ...stretched.data.subarray(centre, centre + 3),
    ]);
    expect(out.data[0]).toBe(edited.data[0]);
  });

  it('refuses to run without a mask', async () => {
    const original = await loadFixture('garden-192x128.png');
    const sut = createRestoreRunner(await encodePng(original));
    await expect(sut.run(request(original, 'png', null))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
