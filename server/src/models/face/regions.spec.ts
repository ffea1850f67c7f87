import { describe, expect, it } from 'vitest';
import { LANDMARKS } from './landmarks';
import { faceRegions, fillPolygon, scalePolygon } from './regions';
import type { Face } from './types';

/**
 * A synthetic face of 200x240 px centred at (250, 250): the oval an ellipse, eyes, brows and lips small ellipses
 * at their usual places, every other landmark on the nose line. Enough to check the masks' geometry.
 */
function syntheticFace(): Face {
  const mesh = new Float32Array(468 * 3);
  for (let i = 0; i < 468; i++) {
    mesh[i * 3] = 250;
    mesh[i * 3 + 1] = 260;
  }
  const ring = (
    indices: readonly number[],
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    from = 0,
    to = 2 * Math.PI,
  ) =>
    indices.forEach((index, k) => {
      const t = from + ((to - from) * k) / (indices.length - (to - from < 2 * Math.PI ? 1 : 0));
      mesh[index * 3] = cx + rx * Math.cos(t);
      mesh[index * 3 + 1] = cy + ry * Math.sin(t);
    });
  ring(LANDMARKS.oval, 250, 250, 100, 120, -Math.PI / 2);
  ring(LANDMARKS.hairline, 250, 250, 100, 120, Math.PI, 2 * Math.PI);
  ring(LANDMARKS.rightEye, 210, 220, 18, 8);
  ring(LANDMARKS.leftEye, 290, 220, 18, 8);
  ring(LANDMARKS.rightBrow, 210, 196, 24, 5);
  ring(LANDMARKS.leftBrow, 290, 196, 24, 5);
  ring(LANDMARKS.lipsOuter, 250, 310, 30, 12);
  mesh[98 * 3] = 235;
  mesh[327 * 3] = 265;
  mesh[98 * 3 + 1] = mesh[327 * 3 + 1] = mesh[2 * 3 + 1] = 272;
  return { box: { x: 150, y: 130, width: 200, height: 240 }, score: 1, meshScore: 1, mesh };
}

const at = (mask: Float32Array, roi: { x: number; y: number; width: number }, x: number, y: number) =>
  mask[(y - roi.y) * roi.width + (x - roi.x)];

describe('face regions from landmarks', () => {
  const face = syntheticFace();
  const sut = faceRegions(face, 600, 600);

  it('covers the face box with a margin, clipped to the image', () => {
    expect(sut.roi).toEqual({ x: 102, y: 82, width: 296, height: 336 });
    const small = faceRegions(face, 300, 300);
    expect(small.roi.x + small.roi.width).toBe(300);
    expect(small.skin.length).toBe(small.roi.width * small.roi.height);
  });

  it('takes the cheeks and chin as skin, and not the eyes, brows, lips, nostrils or background', () => {
    expect(at(sut.skin, sut.roi, 200, 270)).toBeGreaterThan(0.9);
    expect(at(sut.skin, sut.roi, 250, 350)).toBeGreaterThan(0.9);
    expect(at(sut.skin, sut.roi, 210, 220)).toBeLessThan(0.05);
    expect(at(sut.skin, sut.roi, 290, 196)).toBeLessThan(0.05);
    expect(at(sut.skin, sut.roi, 250, 310)).toBeLessThan(0.05);
    expect(at(sut.skin, sut.roi, 250, 274)).toBeLessThan(0.2);
    expect(at(sut.skin, sut.roi, 120, 250)).toBe(0);
  });

  it('marks eyes, lips and brows where they are', () => {
    expect(at(sut.eyes, sut.roi, 210, 220)).toBeGreaterThan(0.9);
    expect(at(sut.eyes, sut.roi, 250, 220)).toBeLessThan(0.05);
    expect(at(sut.lips, sut.roi, 250, 310)).toBeGreaterThan(0.9);
    expect(at(sut.brows, sut.roi, 290, 196)).toBeGreaterThan(0.8);
  });

  it('fades the skin out toward the hair line and feathers the oval edge', () => {
    expect(at(sut.hairline, sut.roi, 250, 131)).toBeGreaterThan(0.5);
    expect(at(sut.skin, sut.roi, 250, 134)).toBeLessThan(0.3);
    // Across the oval's side edge the skin mask ramps over several pixels instead of stepping.
    const ramp = [140, 144, 148, 152, 156, 160].map((x) => at(sut.skin, sut.roi, x, 250));
    for (let i = 1; i < ramp.length; i++) expect(ramp[i]).toBeGreaterThanOrEqual(ramp[i - 1]);
    expect(ramp.filter((v) => v > 0.05 && v < 0.95).length).toBeGreaterThanOrEqual(2);
  });

  it('fills a polygon at pixel centres, and scales polygons about their centroid', () => {
    const roi = { x: 0, y: 0, width: 10, height: 10 };
    const mask = new Float32Array(100);
    fillPolygon(mask, roi, [
      { x: 2, y: 2 },
      { x: 6, y: 2 },
      { x: 6, y: 5 },
      { x: 2, y: 5 },
    ]);
    expect(mask.reduce((s, v) => s + v, 0)).toBe(12);
    expect(
      scalePolygon(
        [
          { x: 0, y: 0 },
          { x: 2, y: 0 },
          { x: 2, y: 2 },
          { x: 0, y: 2 },
        ],
        2,
      )[0],
    ).toEqual({ x: -1, y: -1 });
  });
});
