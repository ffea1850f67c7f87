import { describe, expect, it } from 'vitest';
import { decodeRows, iou, letterbox, nonMaxSuppression } from './decode';
import type { Detection } from './types';

describe('letterbox', () => {
  it('fits a wide photo across the square and centres it with equal grey bands', () => {
    const sut = letterbox(600, 400, 512);
    expect(sut.scale).toBeCloseTo(512 / 600);
    expect(sut.inner).toEqual({ x: 0, y: 85, width: 512, height: 341 });
  });
});

describe('decodeRows', () => {
  it('maps [x1, y1, x2, y2, score, class] from the square back to photo pixels, class 0-based', () => {
    const geometry = letterbox(600, 400, 512);
    const s = geometry.scale;
    const rows = [
      [100 * s, 85 + 50 * s, 300 * s, 85 + 250 * s, 0.6, 15],
      [0, 0, 10, 10, 0.1, 0],
    ].flat();
    const sut = decodeRows(rows, geometry, 0.15);
    expect(sut).toHaveLength(1);
    expect(sut[0].label).toBe('cat');
    expect(sut[0].score).toBeCloseTo(0.6);
    expect(sut[0].box.x).toBeCloseTo(100, 3);
    expect(sut[0].box.y).toBeCloseTo(50, 3);
    expect(sut[0].box.width).toBeCloseTo(200, 3);
    expect(sut[0].box.height).toBeCloseTo(200, 3);
  });

  it('clamps boxes to the photo and drops those left with no area (in the grey band)', () => {
    const geometry = letterbox(600, 400, 512);
    const sut = decodeRows([-20, 10, 100, 200, 0.5, 0, 10, 0, 100, 80, 0.5, 0], geometry, 0.15);
    expect(sut).toHaveLength(1);
    expect(sut[0].box.x).toBe(0);
    expect(sut[0].box.y).toBe(0);
  });
});

describe('nonMaxSuppression', () => {
  const det = (label: string, score: number, x: number, width = 100): Detection => ({
    label,
    score,
    box: { x, y: 0, width, height: 100 },
  });

  it('keeps one of two overlapping boxes of a class, and two apart', () => {
    const sut = nonMaxSuppression([det('dog', 0.4, 10), det('dog', 0.6, 0), det('dog', 0.5, 300)], {
      sameClassIou: 0.45,
      crossClassIou: 0.7,
    });
    expect(sut.map((d) => [d.score, d.box.x])).toEqual([
      [0.6, 0],
      [0.5, 300],
    ]);
  });

  it('takes a near-identical box of another class as the same object, but keeps a rider on a horse', () => {
    const same = nonMaxSuppression([det('cat', 0.45, 0), det('dog', 0.28, 2)], {
      sameClassIou: 0.45,
      crossClassIou: 0.7,
    });
    expect(same.map((d) => d.label)).toEqual(['cat']);
    const rider = nonMaxSuppression([det('horse', 0.7, 0, 200), det('person', 0.6, 50, 80)], {
      sameClassIou: 0.45,
      crossClassIou: 0.7,
    });
    expect(rider.map((d) => d.label)).toEqual(['horse', 'person']);
  });

  it('measures overlap as intersection over union', () => {
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 })).toBeCloseTo(
      1 / 3,
    );
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 10 })).toBe(0);
  });
});
