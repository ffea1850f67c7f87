import { describe, expect, it } from 'vitest';
import { growMask, removalGrowth } from './grow-mask';

/** A mask from rows of '#' (on) and '.' (off), and back. */
const mask = (...rows: string[]) => ({
  on: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)),
  width: rows[0].length,
  height: rows.length,
});
const rows = (on: Uint8Array, width: number) =>
  Array.from({ length: on.length / width }, (_, y) =>
    Array.from(on.subarray(y * width, (y + 1) * width), (v) => (v ? '#' : '.')).join(''),
  );

describe('growing a tap selection', () => {
  it('reaches `radius` pixels in every direction, and stops at the photo’s edge', () => {
    const { on, width, height } = mask('.......', '.......', '...#...', '.......', '#......');
    expect(rows(growMask(on, width, height, 1), width)).toEqual([
      '.......',
      '..###..',
      '..###..',
      '#####..',
      '##.....',
    ]);
    expect(rows(growMask(on, width, height, 2), width)[0]).toBe('.#####.');
    expect(growMask(on, width, height, 0)).toBe(on);
  });

  it('grows by 1.2 % of the selection’s box diagonal, 3 px at least, and nothing when nothing is selected', () => {
    const small = mask('#..', '...', '..#');
    expect(removalGrowth(small.on, small.width, small.height)).toBe(3);
    const big = new Uint8Array(1000 * 1000);
    big[0] = big[big.length - 1] = 1;
    expect(removalGrowth(big, 1000, 1000)).toBe(17);
    expect(removalGrowth(new Uint8Array(9), 3, 3)).toBe(0);
  });
});
