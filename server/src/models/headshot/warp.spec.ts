import { describe, expect, it } from 'vitest';
import type { FrameTransform } from './framing';
import { warpMatte } from './warp';

const SIDE = 100;
/** A 200 px frame around the whole 100 px photo: photo point (x, y) lands on output (x + 50, y + 50). */
const frame: FrameTransform = { width: 200, height: 200, scale: 1, roll: 0, centre: { x: 50, y: 50 } };

function region(paint: (x: number, y: number) => number) {
  const data = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) data[y * SIDE + x] = paint(x, y);
  return { pixels: { data, width: SIDE, height: SIDE }, x: 0, y: 0, scale: 1 };
}

describe('warpMatte', () => {
  it('fades the person out before a photo edge that cuts them inside the frame, and carries nothing past it', () => {
    const edges = { left: false, right: true, top: false, bottom: true, fade: 20 };
    const alpha = warpMatte(
      region(() => 255),
      frame,
      edges,
    );
    const at = (x: number, y: number) => alpha[y * 200 + x];
    expect(at(100, 100)).toBe(255);
    expect(at(148, 100)).toBeLessThan(10);
    expect(at(140, 100)).toBeGreaterThan(100);
    expect(at(140, 100)).toBeLessThan(255);
    expect(at(100, 148)).toBeLessThan(10);
    // No streak: past the photo's edges the backdrop shows.
    expect(at(170, 100)).toBe(0);
    expect(at(100, 190)).toBe(0);
    // An edge that is not a cut keeps the matte as it is up to it.
    expect(at(52, 100)).toBe(255);
  });

  it('keeps the matte as it is where no photo edge is marked', () => {
    const alpha = warpMatte(
      region((x) => (x >= 50 ? 255 : 0)),
      frame,
    );
    expect(alpha[100 * 200 + 148]).toBe(255);
    expect(alpha[100 * 200 + 80]).toBe(0);
  });
});
