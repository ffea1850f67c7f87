import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { levelFace } from './framing';
import { withBody } from './person';

describe('withBody', () => {
  // A face 60 px wide centred at (100, 60), upright: its chin is at y = 99.
  const level = levelFace(drawnFace(100, 60, 60));
  const side = 200;
  const at = (data: Uint8Array, y: number) => data[y * side + 100];

  it("takes the segmentation's body below the chin only, where it holds more than the matte", () => {
    const data = new Uint8Array(side * side);
    data[199 * side + 100] = 255;
    const body = new Uint8Array(side * side).fill(200);
    withBody({ pixels: { data, width: side, height: side }, x: 0, y: 0, scale: 1 }, body, level);
    expect(at(data, 50)).toBe(0); // the face and hair stay the matte's
    expect(at(data, 105)).toBeGreaterThan(0); // blending in around the chin
    expect(at(data, 105)).toBeLessThan(200);
    expect(at(data, 190)).toBe(200);
    expect(at(data, 199)).toBe(255); // never less than the matte had
  });
});
