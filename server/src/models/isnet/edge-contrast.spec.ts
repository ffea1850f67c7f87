import { describe, expect, it } from 'vitest';
import { contrastAtEdges, EDGE_SPAN, RowExtremes } from './edge-contrast';

/** The contrast as first written: each soft pixel's window read whole. */
function bruteContrast(plane: Float32Array, w: number, h: number, r: number, contrast: number) {
  const out = plane.slice();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const value = plane[y * w + x];
      if (value <= 0 || value >= 1) continue;
      const window: number[] = [];
      for (let v = Math.max(0, y - r); v <= Math.min(h - 1, y + r); v++)
        for (let u = Math.max(0, x - r); u <= Math.min(w - 1, x + r); u++) window.push(plane[v * w + u]);
      const range = Math.max(...window) - Math.min(...window);
      const t = Math.min(1, Math.max(0, (range - EDGE_SPAN[0]) / (EDGE_SPAN[1] - EDGE_SPAN[0])));
      out[y * w + x] = Math.min(1, Math.max(0, 0.5 + (value - 0.5) * (1 + (contrast - 1) * t)));
    }
  return out;
}

describe('RowExtremes', () => {
  it.each([
    [9, 2],
    [23, 5],
    [4, 5],
    [1, 1],
    [6, 0],
  ])('gives the max and min over each window, cut at the row ends (%i wide, radius %i)', (w, r) => {
    const row = Float32Array.from({ length: w }, (_, i) => Math.sin(i * 2.3));
    const max = new Float32Array(w);
    const min = new Float32Array(w);
    new RowExtremes(w, r).of(row, max, min);
    for (let x = 0; x < w; x++) {
      const window = Array.from(row.subarray(Math.max(0, x - r), Math.min(w, x + r + 1)));
      expect(max[x]).toBe(Math.max(...window));
      expect(min[x]).toBe(Math.min(...window));
    }
  });
});

describe('contrastAtEdges', () => {
  it.each([
    [31, 17, 5],
    [12, 40, 2],
    [5, 3, 5],
  ])('matches reading every window whole (%i x %i, radius %i)', (w, h, r) => {
    // Edges (0 next to 1), translucent patches and plain soft values side by side.
    const plane = Float32Array.from({ length: w * h }, (_, i) => {
      const s = Math.sin(i * 1.7);
      return s > 0.6 ? 1 : s < -0.6 ? 0 : 0.5 + s * 0.4;
    });
    const expected = bruteContrast(plane, w, h, r, 3);
    contrastAtEdges(plane, w, h, r, 3);
    for (let i = 0; i < w * h; i++) expect(plane[i]).toBeCloseTo(expected[i], 6);
  });
});
