import { describe, expect, it } from 'vitest';
import { enlargeMask, shrinkArea } from './area-resample';

describe('shrinkArea', () => {
  it('averages the pixels each output pixel covers, fractions weighted', () => {
    const sut = shrinkArea(
      { data: new Uint8Array([0, 30, 60, 90, 120, 150]), width: 6, height: 1, channels: 1 },
      4,
      1,
    );
    // Footprints of 1.5 pixels: [0, 0.5 of 30], [0.5 of 30, 60], [90, 0.5 of 120], [0.5 of 120, 150].
    expect(Array.from(sut.data)).toEqual([10, 50, 100, 140]);
  });
});

describe('enlargeMask', () => {
  it('reads the work pixel each output pixel falls in', () => {
    expect(Array.from(enlargeMask(new Uint8Array([1, 0]), 2, 1, 4, 2))).toEqual([1, 1, 0, 0, 1, 1, 0, 0]);
  });
});
