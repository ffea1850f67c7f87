import { describe, expect, it } from 'vitest';
import { fadeStrayMatte } from './stray-matte';

const SIZE = 200;
const REACH = { keep: 10, fade: 10 };
const FACE = { x: 100, y: 60 };

/** A firm body (a head and shoulders of alpha 255) under the face point, with `extra` painted on top. */
function matte(extra: (x: number, y: number) => number | undefined): Uint8Array {
  const alpha = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const head = Math.hypot(x - 100, y - 60) < 35;
      const shoulders = y >= 90 && x >= 40 && x < 160;
      alpha[y * SIZE + x] = extra(x, y) ?? (head || shoulders ? 255 : 0);
    }
  return alpha;
}

const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * SIZE + x];

describe('fading matte that is not the person', () => {
  it('clears a soft ghost far from the body and a firm blob apart from it', () => {
    const alpha = matte((x, y) => {
      if (x < 20 && y < 40) return 120; // a face far behind, half taken
      if (x >= 180 && y < 30) return 255; // a lamp, firm but apart
      return undefined;
    });
    fadeStrayMatte(alpha, SIZE, SIZE, FACE, REACH);
    expect(at(alpha, 10, 20)).toBe(0);
    expect(at(alpha, 190, 10)).toBe(0);
    expect(at(alpha, 100, 60)).toBe(255);
    expect(at(alpha, 50, 150)).toBe(255);
  });

  it('keeps soft strands close to the head whole, and fades those that stray on', () => {
    // a soft fringe 30 px above the crown (rows 0-24), the head's top at row 25
    const alpha = matte((x, y) => (y < 25 && Math.abs(x - 100) < 3 ? 90 : undefined));
    fadeStrayMatte(alpha, SIZE, SIZE, FACE, REACH);
    expect(at(alpha, 100, 20)).toBe(90); // 5 px out: kept
    expect(at(alpha, 100, 10)).toBeGreaterThan(0); // 15 px: fading
    expect(at(alpha, 100, 10)).toBeLessThan(90);
    expect(at(alpha, 100, 2)).toBe(0); // 23 px: gone
  });

  it('leaves the matte alone when the face point is not on firm matte', () => {
    const alpha = matte((x, y) => (x < 20 && y < 40 ? 120 : undefined));
    const before = alpha.slice();
    fadeStrayMatte(alpha, SIZE, SIZE, { x: 5, y: 190 }, REACH);
    expect(alpha).toEqual(before);
  });
});
