import { describe, expect, it } from 'vitest';
import { toByte } from './postprocess';
import { rgbRegionToNchw } from './preprocess';

describe('pre- and post-processing', () => {
  const rgba = Uint8Array.from({ length: 4 * 3 * 4 }, (_, i) => i);
  const region = { x: 1, y: 1, w: 2, h: 2 };

  it('cuts a region to NCHW planes, dropping alpha', () => {
    const nchw = rgbRegionToNchw(rgba, 4, 4, region);
    expect(Array.from(nchw.slice(0, 4))).toEqual([20, 24, 36, 40]);
    expect(Array.from(nchw.slice(4, 8))).toEqual([21, 25, 37, 41]);
    expect(Array.from(nchw.slice(8, 12))).toEqual([22, 26, 38, 42]);
  });

  it('rounds and clamps to 8 bits', () => {
    expect([-3, 0.49, 0.5, 254.6, 300].map(toByte)).toEqual([0, 0, 1, 255, 255]);
  });
});
