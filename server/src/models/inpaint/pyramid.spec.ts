import { describe, expect, it } from 'vitest';
import { boxBlur } from './pyramid';

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The mean over the window clipped to the box, rows first and then columns, each summed directly. */
function reference(data: Float32Array, w: number, c: number, r: number, box: Box) {
  return meanAlong(meanAlong(data, w, c, r, box, 1, 0), w, c, r, box, 0, 1);
}

/** One pass of the reference: each pixel of the box averaged over its window along (dx, dy), clipped to the box. */
function meanAlong(data: Float32Array, w: number, c: number, r: number, box: Box, dx: number, dy: number) {
  const out = data.slice();
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++)
      for (let k = 0; k < c; k++) {
        let sum = 0;
        let n = 0;
        for (let t = -r; t <= r; t++) {
          const [xx, yy] = [x + t * dx, y + t * dy];
          if (xx < box.x0 || xx >= box.x1 || yy < box.y0 || yy >= box.y1) continue;
          sum += data[(yy * w + xx) * c + k];
          n++;
        }
        out[(y * w + x) * c + k] = sum / n;
      }
  return out;
}

describe('the box blur', () => {
  it.each([
    ['a box wider than the window', 3, 2, { x0: 3, y0: 2, x1: 37, y1: 25 }],
    ['a box narrower than the window', 1, 6, { x0: 10, y0: 4, x1: 17, y1: 26 }],
    ['the whole image', 3, 1, { x0: 0, y0: 0, x1: 40, y1: 30 }],
  ] as const)('averages each pixel over its window clipped to %s, and leaves the rest', (_, c, r, box) => {
    const w = 40;
    const h = 30;
    let seed = 3;
    const data = new Float32Array(w * h * c).map(() => (seed = (seed * 69069 + 1) % 4294967296) % 256);
    const want = reference(data, w, c, r, box);
    boxBlur(data, w, h, c, r, box);
    for (let i = 0; i < data.length; i++) expect(data[i]).toBeCloseTo(want[i], 3);
  });
});
