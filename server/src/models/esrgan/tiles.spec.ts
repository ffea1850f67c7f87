import { describe, expect, it } from 'vitest';
import { planAxis, segmentWeight } from './tiles';

describe('tile planning', () => {
  it.each([
    [1000, 160, 2],
    [161, 160, 4],
    [50, 160, 2],
  ])('covers %i pixels in tiles of %i with cross-fade weights that sum to 1 (x%i)', (length, tile, scale) => {
    const blend = 8;
    const sut = planAxis(length, tile, blend, 16);
    expect(sut[0].start).toBe(0);
    expect(sut.at(-1)?.end).toBe(length);
    for (let i = 1; i < sut.length; i++) expect(sut[i].start).toBe(sut[i - 1].end);
    for (const s of sut) {
      expect(s.inputStart).toBeGreaterThanOrEqual(0);
      expect(s.inputEnd).toBeLessThanOrEqual(length);
      expect(s.end - s.start).toBeLessThanOrEqual(tile);
    }
    for (let X = 0; X < length * scale; X++) {
      const total = sut.reduce((acc, s) => {
        const inside = X >= s.outStart * scale && X < s.outEnd * scale;
        return acc + (inside ? segmentWeight(s, length, blend, scale, X) : 0);
      }, 0);
      expect(total).toBeCloseTo(1, 6);
    }
  });
});
