import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import type { FrameTransform } from './framing';
import { isolateMainPerson } from './isolate';

const SIDE = 400;
/** The frame is the photo itself: scale 1, no roll. */
const frame: FrameTransform = { width: SIDE, height: SIDE, scale: 1, roll: 0, centre: { x: 200, y: 200 } };

/** A matte painted with shapes: ellipses for heads, rectangles for bodies. */
function matte(paint: (x: number, y: number) => number): Uint8Array {
  const alpha = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) alpha[y * SIDE + x] = paint(x, y);
  return alpha;
}

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

describe('isolateMainPerson', () => {
  // The main person (face at 250, 150) and a neighbour (face at 140, 130) whose bodies touch; a stray blob
  // in the top-right corner; a faint halo of hair over the main head.
  const main = drawnFace(250, 150, 80);
  const neighbour = drawnFace(140, 130, 60);
  const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * SIDE + x];
  const paint = (x: number, y: number) => {
    if (inEllipse(x, y, 250, 145, 50, 65)) return 255;
    if (inEllipse(x, y, 140, 125, 40, 50)) return 255;
    if (y > 200 && x >= 180 && x < 340) return 255;
    if (y > 170 && x >= 70 && x < 200) return 255;
    if (x > 370 && y < 30) return 255;
    if (inEllipse(x, y, 250, 140, 56, 78)) return 12;
    return 0;
  };

  it('keeps the main person whole and drops the neighbour, even where their bodies touch', () => {
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 250, 150)).toBe(255);
    expect(at(alpha, 330, 380)).toBe(255);
    // The main body right beside the neighbour's stays: the cut follows the people, not a straight line.
    expect(at(alpha, 215, 300)).toBeGreaterThan(240);
    expect(at(alpha, 140, 125)).toBe(0);
    expect(at(alpha, 100, 300)).toBe(0);
    expect(at(alpha, 185, 180)).toBe(0);
  });

  it('drops matte that touches nobody and keeps the faint hair around the head', () => {
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 385, 15)).toBe(0);
    expect(at(alpha, 250, 65)).toBe(12);
  });

  it("gives a neighbour's hair that touches the main head back to the neighbour", () => {
    // A lock of the neighbour's hair runs from their crown to the main person's head top.
    const alpha = matte((x, y) => (x >= 140 && x < 236 && y >= 70 && y < 88 ? 255 : paint(x, y)));
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 200, 78)).toBe(0);
    expect(at(alpha, 250, 100)).toBe(255);
  });

  it('changes nothing for a lone person', () => {
    const alpha = matte((x, y) => (inEllipse(x, y, 250, 145, 50, 65) || (y > 200 && x >= 180) ? 255 : 0));
    const before = alpha.slice();
    isolateMainPerson(alpha, frame, main, [main]);
    expect(alpha).toEqual(before);
  });
});
