import { describe, expect, it } from 'vitest';
import { insideTheBody } from './mend-body';

const SIZE = 200;

/** The subject's torso: columns 50 to 150 below row 60, solid; a square of `drop` over it and one beside it. */
function scene() {
  const alpha = new Uint8Array(SIZE * SIZE);
  const label = new Uint8Array(SIZE * SIZE);
  const drop = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      if (y > 60 && x >= 50 && x < 150) {
        alpha[i] = 255;
        label[i] = 1;
      }
      // A neighbour's fist in front of the chest, and their forearm reaching in from the right.
      if (x >= 90 && x < 130 && y >= 100 && y < 140) drop[i] = 1;
      if (x >= 150 && x < 200 && y >= 110 && y < 130) drop[i] = 1;
    }
  return { alpha, label, drop };
}

describe('insideTheBody', () => {
  it('gives back what is dropped in front of the torso, not what lies beside it', () => {
    const { alpha, label, drop } = scene();
    const inside = insideTheBody(drop, alpha, label, SIZE, SIZE, 60);
    expect(inside[120 * SIZE + 110]).toBe(1);
    expect(inside[120 * SIZE + 170]).toBe(0);
    expect(inside[30 * SIZE + 100]).toBe(0);
  });

  it('fills a dropped bite out of the torso edge, where the outline runs on above and below it', () => {
    const { alpha, label } = scene();
    const drop = new Uint8Array(SIZE * SIZE);
    for (let y = 100; y < 140; y++) for (let x = 130; x < 160; x++) drop[y * SIZE + x] = 1;
    const inside = insideTheBody(drop, alpha, label, SIZE, SIZE, 60);
    expect(inside[120 * SIZE + 140]).toBe(1);
    expect(inside[120 * SIZE + 155]).toBe(0);
  });

  it('gives back nothing when nothing is dropped', () => {
    const { alpha, label } = scene();
    const inside = insideTheBody(new Uint8Array(SIZE * SIZE), alpha, label, SIZE, SIZE, 60);
    expect(inside.includes(1)).toBe(false);
  });
});
