import { describe, expect, it } from 'vitest';
import { rgbToIsnetTensor } from './preprocess';

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
