import { describe, expect, it } from 'vitest';
import { MAX_SELECT_POINTS, type SelectPoint } from '@common/schemas/select';
import type { Stroke } from './strokes';
import { replaceStroke, tapRequest, tapsOf, withTap } from './tap-select';

const SIZE = { width: 200, height: 100 };

/** A tap selection covering a rectangle. */
function selection(taps: SelectPoint[], box: { x0: number; y0: number; x1: number; y1: number }): Stroke {
  return {
    tool: 'brush',
    width: 0,
    points: [],
    taps,
    mask: {
      ...SIZE,
      image: () => {
        throw new Error('not drawn here');
      },
      covers: ({ x, y }) => x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1,
    },
  };
}

const painted: Stroke = { tool: 'brush', width: 10, points: [{ x: 50, y: 50 }] };

describe('tap to select', () => {
  const cup = selection([{ x: 20, y: 20, label: 1 }], { x0: 10, y0: 10, x1: 40, y1: 40 });
  const spoon = selection([{ x: 150, y: 50, label: 1 }], { x0: 140, y0: 30, x1: 170, y1: 80 });

  it('selects a new object with a tap off every selection, in whole pixels on the photo', () => {
    expect(tapRequest([painted, cup], { x: 80.6, y: 50.2 }, 1, SIZE)).toEqual({
      target: null,
      taps: [{ x: 81, y: 50, label: 1 }],
    });
    expect(tapRequest([], { x: 250, y: -3 }, 1, SIZE)?.taps).toEqual([{ x: 199, y: 0, label: 1 }]);
  });

  it('refines the selection under a tap by sending all its taps again', () => {
    const sut = tapRequest([cup, spoon], { x: 30, y: 30 }, 1, SIZE);
    expect(sut?.target).toBe(cup);
    expect(sut?.taps).toEqual([
      { x: 20, y: 20, label: 1 },
      { x: 30, y: 30, label: 1 },
    ]);
  });

  it('takes a part away from the selection under the tap, else from the newest one', () => {
    expect(tapRequest([cup, spoon], { x: 15, y: 15 }, 0, SIZE)?.target).toBe(cup);
    const off = tapRequest([cup, spoon], { x: 100, y: 5 }, 0, SIZE);
    expect(off?.target).toBe(spoon);
    expect(off?.taps.at(-1)).toEqual({ x: 100, y: 5, label: 0 });
  });

  it('has nothing to take away from before anything is selected', () => {
    expect(tapRequest([painted], { x: 50, y: 50 }, 0, SIZE)).toBeNull();
  });

  it('keeps within the server’s limit of taps, dropping the oldest but never the last adding tap', () => {
    const add = { x: 1, y: 1, label: 1 as const };
    const remove = (x: number) => ({ x, y: 2, label: 0 as const });
    let taps: SelectPoint[] = [add];
    for (let i = 0; i < 15; i++) taps = withTap(taps, remove(i));
    expect(taps).toHaveLength(MAX_SELECT_POINTS);
    expect(taps[0]).toEqual(add);
    expect(taps.at(-1)).toEqual(remove(14));
    const adds = Array.from({ length: MAX_SELECT_POINTS }, (_, x) => ({ x, y: 0, label: 1 as const }));
    expect(withTap(adds, remove(99))[0]).toEqual(adds[1]);
  });

  it('puts a refined selection in the place of the one it refines, so later eraser strokes still cut it', () => {
    const eraser: Stroke = { tool: 'eraser', width: 10, points: [{ x: 20, y: 20 }] };
    const refined = selection([], { x0: 0, y0: 0, x1: 1, y1: 1 });
    expect(replaceStroke([cup, eraser], cup, refined)).toEqual([refined, eraser]);
    expect(replaceStroke([eraser], cup, refined)).toEqual([eraser, refined]);
    expect(replaceStroke([eraser], null, refined)).toEqual([eraser, refined]);
    expect(tapsOf([painted, cup, spoon])).toEqual([...cup.taps!, ...spoon.taps!]);
  });
});
