import { describe, expect, it } from 'vitest';
import { loadFixture, discMask } from '../../../test/fixtures/inpaint/fixtures';
import { restoreOriginal } from './restore-original';

describe('restoreOriginal', () => {
  it('paints the original back inside the mask and leaves the rest of the current result', async () => {
    const original = await loadFixture('garden-192x128.png');
    const current = { ...original, data: original.data.map((v) => 255 - v) };
    const mask = discMask(original.width, original.height, 60, 60, 20);
    const sut = restoreOriginal(current, original, mask);
    for (let i = 0; i < mask.length; i++) {
      const from = mask[i] ? original : current;
      expect(sut.data[i * 3]).toBe(from.data[i * 3]);
      expect(sut.data[i * 3 + 2]).toBe(from.data[i * 3 + 2]);
    }
  });

  it('refuses images of different sizes', async () => {
    const original = await loadFixture('garden-192x128.png');
    const other = { ...original, width: 10, height: 10, data: new Uint8Array(300) };
    expect(() => restoreOriginal(other, original, new Uint8Array(100))).toThrow(RangeError);
  });
});
