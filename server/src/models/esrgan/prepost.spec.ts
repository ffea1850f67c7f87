import { describe, expect, it } from 'vitest';
import { nchwToInterleaved, toByte } from './postprocess';
import { rgbRegionToFloat, rgbRegionToNchw } from './preprocess';

describe('pre- and post-processing', () => {
  const rgba = Uint8Array.from({ length: 4 * 3 * 4 }, (_, i) => i);
  const region = { x: 1, y: 1, w: 2, h: 2 };

  it('cuts a region to NCHW planes and back to interleaved RGB, dropping alpha', () => {
    const nchw = rgbRegionToNchw(rgba, 4, 4, region);
    expect(Array.from(nchw.slice(0, 4))).toEqual([20, 24, 36, 40]);
    expect(Array.from(nchwToInterleaved(nchw, 2, 2))).toEqual(
      Array.from(rgbRegionToFloat(rgba, 4, 4, region)),
    );
    expect(Array.from(rgbRegionToFloat(rgba, 4, 4, region).slice(0, 3))).toEqual([20, 21, 22]);
  });

  it('rounds and clamps to 8 bits', () => {
    expect([-3, 0.49, 0.5, 254.6, 300].map(toByte)).toEqual([0, 0, 1, 255, 255]);
  });
});
