import { describe, expect, it } from 'vitest';
import { resizeCornerAligned, rgbToIsnetTensor } from './preprocess';

describe('rgbToIsnetTensor', () => {
  it('writes planar channels normalised as (px - 128) / 256', () => {
    const rgb = new Uint8Array([0, 128, 255, 64, 192, 32]);
    const sut = rgbToIsnetTensor(rgb, 2, 1);
    expect(Array.from(sut)).toEqual([-0.5, -0.25, 0, 0.25, 127 / 256, -0.375]);
  });

  it('rejects a buffer of the wrong size', () => {
    expect(() => rgbToIsnetTensor(new Uint8Array(5), 2, 1)).toThrow(/expected 6/);
  });
});

describe('resizeCornerAligned', () => {
  it("samples the source at x * srcWidth / dstWidth, as IMG.LY's pipeline does", () => {
    // Shrinking 4 to 2 reads pixels 0 and 2 (no averaging); enlarging 2 to 4 reads 0, 0.5, 1 and 1.5
    // (clamped to the last pixel).
    expect(Array.from(resizeCornerAligned(new Uint8Array([10, 20, 30, 40]), 4, 1, 1, 2, 1))).toEqual([
      10, 30,
    ]);
    expect(Array.from(resizeCornerAligned(new Uint8Array([0, 100]), 2, 1, 1, 4, 1))).toEqual([
      0, 50, 100, 100,
    ]);
    const rgb = new Uint8Array([0, 10, 20, 100, 110, 120]);
    expect(Array.from(resizeCornerAligned(rgb, 1, 2, 3, 1, 4))).toEqual([
      0, 10, 20, 50, 60, 70, 100, 110, 120, 100, 110, 120,
    ]);
  });

  it('rejects a buffer of the wrong size', () => {
    expect(() => resizeCornerAligned(new Uint8Array(5), 2, 1, 3, 4, 4)).toThrow(/expected 6/);
  });
});
