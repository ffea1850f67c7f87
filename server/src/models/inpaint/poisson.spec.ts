import { describe, expect, it } from 'vitest';
import { copyMelded } from './poisson';

describe('copyMelded', () => {
  it('relaxes the seam between two unrelated sources, keeping the tone and the pixels outside the hole', () => {
    const w = 64;
    const h = 48;
    const c = 5;
    const at = (x: number, y: number) => y * w + x;
    // Flat grey with a darker and a brighter flat block, and a hole elsewhere whose left half is copied
    // from the dark block and whose right half from the bright one: a step of 20 down its middle.
    const data = new Float32Array(w * h * c).fill(100);
    for (let y = 2; y < 14; y++)
      for (let x = 2; x < 14; x++) {
        data.fill(90, at(x, y) * c, at(x, y) * c + c);
        data.fill(110, at(x + 48, y) * c, at(x + 48, y) * c + c);
      }
    const hole = new Uint8Array(w * h);
    const nnf = new Int32Array(w * h).fill(-1);
    for (let y = 20; y < 40; y++)
      for (let x = 20; x < 44; x++) {
        hole[at(x, y)] = 1;
        nnf[at(x, y)] = x < 32 ? at(8, 8) : at(56, 8);
      }
    const image = { data, width: w, height: h, channels: c };
    const before = data.slice();
    copyMelded(image, hole, hole, nnf);

    let step = 0;
    let left = 0;
    let right = 0;
    for (let y = 20; y < 40; y++) {
      for (let x = 19; x < 44; x++) {
        for (let k = 0; k < c; k++)
          step = Math.max(step, Math.abs(data[at(x + 1, y) * c + k] - data[at(x, y) * c + k]));
        if (x >= 20 && x < 32) left += data[at(x, y) * c] / 240;
        else if (x >= 32) right += data[at(x, y) * c] / 240;
      }
    }
    // The plain copy steps by 20 in the middle and by 10 at either side of the hole.
    expect(step).toBeLessThan(5);
    expect((left + right) / 2).toBeCloseTo(100, 0);
    // The copy's low frequencies stay: the left half is still darker than the right.
    expect(right - left).toBeGreaterThan(5);
    for (let i = 0; i < w * h; i++)
      if (!hole[i]) for (let k = 0; k < c; k++) expect(data[i * c + k]).toBe(before[i * c + k]);
  });
});
