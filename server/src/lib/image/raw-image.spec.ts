import { describe, expect, it } from 'vitest';
import { sharedPixels, withAlpha, type RawImage } from './raw-image';

/** A 5x3 RGB image whose every byte differs, and an alpha that differs from them all. */
function photo(): { image: RawImage; alpha: Uint8Array } {
  const data = new Uint8Array(5 * 3 * 3).map((_, i) => i + 1);
  const alpha = new Uint8Array(5 * 3).map((_, i) => 200 + i);
  return { image: { data, width: 5, height: 3, channels: 3 }, alpha };
}

/** The RGBA bytes the join must give, written out plainly. */
function expectedRgba({ data }: RawImage, alpha: Uint8Array): number[] {
  return [...alpha].flatMap((a, i) => [data[3 * i], data[3 * i + 1], data[3 * i + 2], a]);
}

describe('withAlpha', () => {
  it('becomes RGBA in the buffer a copy with room for alpha was made in, without a second buffer', () => {
    const { image, alpha } = photo();
    const want = expectedRgba(image, alpha);
    const shared = sharedPixels(image, { roomForAlpha: true });
    const joined = withAlpha(shared, alpha);
    expect(joined.data.buffer).toBe(shared.data.buffer);
    expect(joined.channels).toBe(4);
    expect([...joined.data]).toEqual(want);
  });

  it('joins into new shared memory when the buffer has no room, leaving the colours as they were', () => {
    const { image, alpha } = photo();
    const before = [...image.data];
    const joined = withAlpha(image, alpha);
    expect(joined.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...joined.data]).toEqual(expectedRgba(image, alpha));
    expect([...image.data]).toEqual(before);
  });

  it('leaves pixels already in shared memory where they are, room or not', () => {
    const { image } = photo();
    const shared = sharedPixels(image);
    expect(sharedPixels(shared, { roomForAlpha: true })).toBe(shared);
  });
});
