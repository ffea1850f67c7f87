import { describe, expect, it } from 'vitest';
import { choosesSubject, faceAt, faceCentre, tapPoint } from './subject-point';

const young = { x: 820, y: 279, width: 148, height: 159 };
const older = { x: 728, y: 279, width: 87, height: 101 };

describe('the headshot subject chosen with a tap', () => {
  it('offers the choice only with two or more people', () => {
    expect(choosesSubject(undefined)).toBe(false);
    expect(choosesSubject([young])).toBe(false);
    expect(choosesSubject([young, older])).toBe(true);
  });

  it('reads a tap as shares of the photo shown on the screen, kept on the photo', () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    expect(tapPoint(300, 100, rect)).toEqual({ x: 0.5, y: 0.25 });
    expect(tapPoint(90, 300, rect)).toEqual({ x: 0, y: 1 });
  });

  it("places a chosen face's point in its middle, and tells which face a point is on", () => {
    const point = faceCentre(older, 1024, 680);
    expect(point.x).toBeCloseTo(771.5 / 1024);
    expect(faceAt(point, [young, older], 1024, 680)).toBe(1);
    expect(faceAt({ x: 0.9, y: 0.5 }, [young, older], 1024, 680)).toBe(0);
    expect(faceAt({ x: 0.1, y: 0.9 }, [young, older], 1024, 680)).toBe(-1);
  });
});
