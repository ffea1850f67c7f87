import { describe, expect, it } from 'vitest';
import {
  chooseMask,
  cleanSelection,
  HOLE_SHARE,
  LOW_RES,
  lowResExtent,
  lowResPlane,
  measureMask,
  photoMask,
  type LowResPlane,
} from './postprocess';
import { inputGeometry } from './preprocess';

const PLANE = LOW_RES * LOW_RES;

/** Four 256x256 logit planes, token t from `tokens[t]` (x, y) -> logit; missing tokens are all -5. */
function planes(...tokens: ((x: number, y: number) => number)[]): Float32Array {
  const out = new Float32Array(4 * PLANE).fill(-5);
  tokens.forEach((f, t) => {
    for (let y = 0; y < LOW_RES; y++)
      for (let x = 0; x < LOW_RES; x++) out[t * PLANE + y * LOW_RES + x] = f(x, y);
  });
  return out;
}
const disc =
  (cx: number, cy: number, r: number, strength = 5) =>
  (x: number, y: number) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r ? strength : -strength;
const none = () => -5;

describe('chooseMask', () => {
  const square = inputGeometry(1024, 1024);
  // A part, the object and the whole scene around one tap, nested as SAM's three answers are.
  const nested = planes(disc(128, 128, 50), disc(128, 128, 10), disc(128, 128, 30), disc(128, 128, 60));

  it('takes token 0 for several taps or a box, whatever the scores', () => {
    const sut = chooseMask(nested, Float32Array.from([0.1, 0.9, 0.95, 0.99]), square, false);
    expect(sut.index).toBe(0);
    expect(sut.area).toBe(measureMask(nested, 0, lowResExtent(square)).area);
  });

  it('takes the smallest stable mask among those scored within the margin of the best, for one tap', () => {
    expect(chooseMask(nested, Float32Array.from([0, 0.91, 0.93, 0.95]), square, true).index).toBe(1);
    // The part is scored too low: the object, not the whole scene.
    expect(chooseMask(nested, Float32Array.from([0, 0.85, 0.93, 0.95]), square, true).index).toBe(2);
  });

  it('passes over a mask whose outline moves with the threshold, and falls back to the best score', () => {
    const soft = planes(none, disc(128, 128, 10, 0.5), disc(128, 128, 30), disc(128, 128, 60));
    expect(chooseMask(soft, Float32Array.from([0, 0.94, 0.93, 0.95]), square, true).index).toBe(2);
    const allSoft = planes(none, disc(128, 128, 10, 0.5), disc(128, 128, 30, 0.5), disc(128, 128, 60, 0.5));
    expect(chooseMask(allSoft, Float32Array.from([0, 0.94, 0.97, 0.95]), square, true).index).toBe(2);
  });

  it('measures only the part of the grid that covers the photo, not the padding', () => {
    const wide = inputGeometry(600, 400); // 1024 x 683: 171 of the 256 rows
    expect(lowResExtent(wide)).toEqual({ width: 256, height: 171 });
    const inPadding = planes((_x, y) => (y >= 171 ? 5 : -5));
    expect(measureMask(inPadding, 0, lowResExtent(wide))).toEqual({ area: 0, stability: 0 });
    // SAM's stability: the share of the mask at logit > -1 that is still there at logit > +1.
    const ramp = planes((x) => (x < 100 ? 5 : x < 110 ? 0.5 : -5));
    expect(measureMask(ramp, 0, { width: 256, height: 256 }).stability).toBeCloseTo(100 / 110, 5);
  });
});

describe('lowResPlane', () => {
  it("copies the chosen token's cells that cover the photo", () => {
    const geometry = inputGeometry(600, 400); // 171 of the 256 rows
    const masks = planes(none, (x, y) => x + 1000 * y);
    const sut = lowResPlane(masks, 1, geometry);
    expect([sut.width, sut.height]).toEqual([256, 171]);
    expect(sut.logits[0]).toBe(0);
    expect(sut.logits[170 * 256 + 255]).toBe(170_255);
    sut.logits[0] = 7;
    expect(masks[PLANE]).toBe(0);
  });
});

describe('cleanSelection', () => {
  // A square photo four times the grid: each cell is a 4x4 block of the photo.
  const geometry = inputGeometry(1024, 1024);
  const W = 256;
  const field = (...shapes: ((x: number, y: number) => boolean)[]): LowResPlane => {
    const logits = new Float32Array(W * W).fill(-3);
    for (let y = 0; y < W; y++)
      for (let x = 0; x < W; x++) if (shapes.some((s) => s(x, y))) logits[y * W + x] = 3;
    return { logits, width: W, height: W };
  };
  const rect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
    x >= x0 && x < x1 && y >= y0 && y < y1;
  const at = (plane: LowResPlane, x: number, y: number) => plane.logits[y * W + x];
  /** A tap on cell (x, y), in the photo's pixels. */
  const tap = (x: number, y: number, label: 0 | 1 = 1) => ({ x: x * 4 + 2, y: y * 4 + 2, label });

  it('keeps the part under the tap and removes the others', () => {
    const sut = field(rect(25, 25, 50, 50), rect(125, 125, 200, 200));
    const area = cleanSelection(sut, geometry, { points: [tap(30, 30)] });
    expect(area).toBe(25 * 25);
    expect(at(sut, 30, 30)).toBe(3);
    expect(at(sut, 150, 150)).toBeLessThanOrEqual(-8);
  });

  it('keeps the nearest part when the tap falls just outside it, and every tapped part', () => {
    const near = field(rect(25, 25, 50, 50), rect(125, 125, 200, 200));
    expect(cleanSelection(near, geometry, { points: [tap(52, 30)] })).toBe(25 * 25);
    const both = field(rect(25, 25, 50, 50), rect(125, 125, 200, 200));
    expect(cleanSelection(both, geometry, { points: [tap(30, 30), tap(150, 150)] })).toBe(25 * 25 + 75 * 75);
  });

  it('keeps the largest part when no tap reaches one, or the largest meeting the box', () => {
    const far = field(rect(25, 25, 50, 50), rect(125, 125, 200, 200));
    expect(cleanSelection(far, geometry, { points: [tap(240, 10)] })).toBe(75 * 75);
    const boxed = field(rect(25, 25, 50, 50), rect(125, 125, 200, 200));
    const area = cleanSelection(boxed, geometry, {
      points: [tap(240, 10, 0)],
      box: { x: 80, y: 80, width: 150, height: 150 },
    });
    expect(area).toBe(25 * 25);
  });

  it('fills a small hole, but not a large one nor one a removing tap is in', () => {
    const ring = (x0: number, size: number, hole: number) => {
      const outer = rect(x0, x0, x0 + size, x0 + size);
      const h0 = x0 + (size - hole) / 2;
      const inner = rect(h0, h0, h0 + hole, h0 + hole);
      return (x: number, y: number) => outer(x, y) && !inner(x, y);
    };
    const small = field(ring(20, 60, 10));
    expect(cleanSelection(small, geometry, { points: [tap(22, 22)] })).toBe(60 * 60);
    expect(at(small, 50, 50)).toBeGreaterThanOrEqual(8);

    // 30x30 of 60x60 - 30x30: a third of the kept area, over HOLE_SHARE.
    expect(30 * 30).toBeGreaterThan(HOLE_SHARE * (60 * 60 - 30 * 30));
    const large = field(ring(20, 60, 30));
    expect(cleanSelection(large, geometry, { points: [tap(22, 22)] })).toBe(60 * 60 - 30 * 30);

    const refused = field(ring(20, 60, 10));
    const area = cleanSelection(refused, geometry, { points: [tap(22, 22), tap(50, 50, 0)] });
    expect(area).toBe(60 * 60 - 10 * 10);
    expect(at(refused, 50, 50)).toBe(-3);
  });

  it('answers 0 when nothing is selected at all', () => {
    expect(cleanSelection(field(), geometry, { points: [tap(2, 2)] })).toBe(0);
  });
});

describe('photoMask', () => {
  it("is the grid at the photo's size: a 4x4 block per cell on a 1024 photo, corners rounded off", () => {
    const geometry = inputGeometry(1024, 683);
    const plane = lowResPlane(
      planes((x, y) => (x >= 10 && x < 20 && y >= 5 && y < 10 ? 1 : -1)),
      0,
      geometry,
    );
    const sut = photoMask(plane, geometry);
    expect(sut.length).toBe(1024 * 683);
    const on = new Set<number>();
    for (let i = 0; i < sut.length; i++) if (sut[i]) on.add(i);
    // The 40x20 block at (40, 20), but for its four corner pixels, which interpolation rounds off.
    const expected = new Set<number>();
    for (let y = 20; y < 40; y++) for (let x = 40; x < 80; x++) expected.add(y * 1024 + x);
    for (const [x, y] of [
      [40, 20],
      [79, 20],
      [40, 39],
      [79, 39],
    ])
      expected.delete(y * 1024 + x);
    expect(on).toEqual(expected);
  });

  it("thresholds at 0 at the photo's own size, whatever its scale", () => {
    const geometry = inputGeometry(600, 400); // the grid's 256 x 171 cells cover it
    const plane = lowResPlane(
      planes((x) => (x < 128 ? 2 : -2)),
      0,
      geometry,
    );
    const sut = photoMask(plane, geometry);
    expect(sut.length).toBe(600 * 400);
    expect(new Set(sut)).toEqual(new Set([0, 1]));
    for (const y of [0, 199, 399]) {
      expect(sut[y * 600 + 299]).toBe(1);
      expect(sut[y * 600 + 300]).toBe(0);
    }
  });
});
