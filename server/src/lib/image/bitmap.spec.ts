import { describe, expect, it } from 'vitest';
import { connectedComponents, countMask, dilate, distanceInside, mergeBoxes } from './bitmap';

describe('mask geometry', () => {
  const w = 20;
  const h = 10;
  const mask = new Uint8Array(w * h);
  for (let y = 2; y < 6; y++) for (let x = 2; x < 6; x++) mask[y * w + x] = 1;
  mask[8 * w + 15] = 1;

  it('finds 8-connected parts with their boxes', () => {
    const sut = connectedComponents(mask, w, h);
    expect(sut.count).toBe(2);
    expect(sut.boxes[0]).toEqual({ x0: 2, y0: 2, x1: 6, y1: 6 });
    expect(sut.sizes).toEqual([16, 1]);
  });

  it('measures depth inside the mask and grows it by a radius', () => {
    const depth = distanceInside(mask, w, h);
    expect(depth[3 * w + 3]).toBe(2);
    expect(depth[8 * w + 15]).toBe(1);
    expect(depth[0]).toBe(0);
    const grown = dilate(mask, w, h, 1);
    // Chamfer 3-4: a radius of 1 reaches the 4 neighbours, not the diagonals.
    expect(countMask(grown)).toBe(6 * 6 - 4 + 5);
  });

  it('merges overlapping windows', () => {
    const groups = mergeBoxes([
      { x0: 0, y0: 0, x1: 10, y1: 10 },
      { x0: 50, y0: 50, x1: 60, y1: 60 },
      { x0: 5, y0: 5, x1: 20, y1: 20 },
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0].box).toEqual({ x0: 0, y0: 0, x1: 20, y1: 20 });
  });
});
