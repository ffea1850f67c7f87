import { describe, expect, it } from 'vitest';
import { pasteInsideMask, resample, resampleHole, squareWindow } from './window';

describe('squareWindow', () => {
  it('keeps 128 px of photo around the hole and is at least 512 px wide', () => {
    expect(squareWindow({ x0: 900, y0: 700, x1: 1000, y1: 760 }, 2000, 1500)).toEqual({
      x0: 694,
      y0: 474,
      x1: 1206,
      y1: 986,
    });
    const large = squareWindow({ x0: 400, y0: 300, x1: 1000, y1: 500 }, 2000, 1500);
    expect(large.x1 - large.x0).toBe(600 + 256);
    expect(large.y1 - large.y0).toBe(600 + 256);
  });

  it('is shifted, not shrunk, at the border, and takes the whole side of a small image', () => {
    expect(squareWindow({ x0: 0, y0: 10, x1: 30, y1: 40 }, 2000, 1500)).toEqual({
      x0: 0,
      y0: 0,
      x1: 512,
      y1: 512,
    });
    expect(squareWindow({ x0: 100, y0: 50, x1: 150, y1: 90 }, 400, 300)).toEqual({
      x0: 0,
      y0: 0,
      x1: 400,
      y1: 300,
    });
  });
});

describe('resample', () => {
  it('averages areas when shrinking, so a fine checker becomes its mean grey', () => {
    const src = new Float32Array(8 * 8 * 3);
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) src.fill((x + y) % 2 ? 255 : 0, (y * 8 + x) * 3, (y * 8 + x) * 3 + 3);
    const sut = resample(src, 8, 8, 3, 4, 4);
    expect(sut.reduce((m, v) => Math.max(m, Math.abs(v - 127.5)), 0)).toBeLessThan(1e-3);
  });

  it('interpolates linearly when growing and keeps a flat colour flat', () => {
    const ramp = Float32Array.from([0, 0, 0, 100, 100, 100]);
    const sut = resample(ramp, 2, 1, 3, 4, 1);
    expect(Array.from(sut.filter((_, i) => i % 3 === 0))).toEqual([0, 25, 75, 100]);
    const flat = new Float32Array(5 * 3 * 3).fill(42);
    const grown = resample(flat, 5, 3, 3, 512, 512);
    expect(grown.reduce((m, v) => Math.max(m, Math.abs(v - 42)), 0)).toBeLessThan(1e-4);
  });
});

describe('resampleHole', () => {
  it('marks a pixel as hole when any pixel it covers is, so nothing unknown is read as known', () => {
    const hole = new Uint8Array(16 * 16);
    hole[5 * 16 + 9] = 1;
    const sut = resampleHole(hole, 16, 16, 4, 4);
    expect(Array.from(sut)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const grown = resampleHole(Uint8Array.from([0, 1, 0, 0]), 2, 2, 4, 4);
    expect(grown.reduce((a, b) => a + b, 0)).toBe(4);
  });
});

describe('pasteInsideMask', () => {
  it('writes only the masked pixels of the window and never the alpha channel', () => {
    const target = new Uint8Array(4 * 3 * 4).fill(9);
    const mask = new Uint8Array(4 * 3);
    mask[1 * 4 + 2] = 1;
    const fill = new Float32Array(2 * 2 * 3).fill(300);
    pasteInsideMask(target, 4, 4, mask, fill, { x0: 1, y0: 0, x1: 3, y1: 2 });
    const changed = [...target.keys()].filter((i) => target[i] !== 9);
    const o = (1 * 4 + 2) * 4;
    expect(changed).toEqual([o, o + 1, o + 2]);
    expect(target[o]).toBe(255);
  });
});
