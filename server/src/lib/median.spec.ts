import { describe, expect, it } from 'vitest';
import { median, medianInPlace } from './median';

/** Lists of every length up to 40, with many ties and without. */
function lists(): number[][] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: number[][] = [];
  for (let n = 1; n <= 40; n++)
    for (const spread of [3, 1000]) out.push(Array.from({ length: n }, () => Math.floor(next() * spread)));
  return out;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('median', () => {
  it('is the upper middle value a sort gives, and leaves the list as it was', () => {
    for (const values of lists()) {
      const before = [...values];
      expect(median(values)).toBe(sorted(values)[values.length >> 1]);
      expect(values).toEqual(before);
    }
    expect(median([])).toBe(0);
  });

  it('in place: the mean of the two middle values for an even count, of the first n only', () => {
    for (const values of lists()) {
      const s = sorted(values);
      const n = values.length;
      const want = n & 1 ? s[n >> 1] : (s[(n >> 1) - 1] + s[n >> 1]) / 2;
      const buffer = new Float32Array([...values, -1e9, 1e9]);
      expect(medianInPlace(buffer, n)).toBe(want);
    }
  });
});
