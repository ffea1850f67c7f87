import { describe, expect, it } from 'vitest';
import type { FrameTransform } from './framing';
import { warpMatte } from './warp';

const SIDE = 100;
/** A 200 px frame around the whole 100 px photo: photo point (x, y) lands on output (x + 50, y + 50). */
const frame: FrameTransform = { width: 200, height: 200, scale: 1, roll: 0, centre: { x: 50, y: 50 } };
const edges = { left: true, right: true, top: true, fade: 20 };
const CHIN = 130;

function region(paint: (x: number, y: number) => number) {
  const data = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) data[y * SIDE + x] = paint(x, y);
  return { pixels: { data, width: SIDE, height: SIDE }, x: 0, y: 0, scale: 1 };
}

describe('warpMatte', () => {
  it('fades a head the photo edge cuts, and does not carry its body past that edge', () => {
    const alpha = warpMatte(
      region(() => 255),
      frame,
      CHIN,
      edges,
    );
    const at = (x: number, y: number) => alpha[y * 200 + x];
    expect(at(100, 100)).toBe(255);
    expect(at(148, 100)).toBeLessThan(10);
    expect(at(140, 100)).toBeGreaterThan(100);
    expect(at(140, 100)).toBeLessThan(255);
    expect(at(170, 170)).toBe(0);
    // The photo's bottom edge still carries the body down to the frame's.
    expect(at(100, 190)).toBe(255);
  });

  it('carries a body past the side when the head is whole', () => {
    const alpha = warpMatte(
      region((x, y) => (y >= 85 ? 255 : 0)),
      frame,
      CHIN,
      edges,
    );
    expect(alpha[170 * 200 + 170]).toBe(255);
  });
});
