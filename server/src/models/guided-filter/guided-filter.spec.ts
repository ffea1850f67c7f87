import { describe, expect, it } from 'vitest';
import { applyGuidedCoefficients, boxMean, guidedCoefficients } from './guided-filter';

function bruteBoxMean(src: Float32Array, w: number, h: number, r: number) {
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let count = 0;
      for (let v = Math.max(0, y - r); v <= Math.min(h - 1, y + r); v++)
        for (let u = Math.max(0, x - r); u <= Math.min(w - 1, x + r); u++) {
          sum += src[v * w + u];
          count++;
        }
      out[y * w + x] = sum / count;
    }
  return out;
}

/** A guide with a sharp vertical edge at `edge` (dark left, bright right) at the given size. */
function stepGuide(w: number, h: number, edge: number) {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rgb.fill(x < edge ? 30 : 220, (y * w + x) * 3, (y * w + x) * 3 + 3);
  return rgb;
}

describe('boxMean', () => {
  it('matches a brute-force window mean, borders included', () => {
    const w = 13;
    const h = 9;
    const src = Float32Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.7) * 10);
    const sut = boxMean(src, w, h, 3);
    const expected = bruteBoxMean(src, w, h, 3);
    for (let i = 0; i < src.length; i++) expect(sut[i]).toBeCloseTo(expected[i], 4);
  });
});

describe('guided filter', () => {
  it('leaves a flat matte flat', () => {
    const guide = stepGuide(20, 10, 7);
    const matte = new Float32Array(200).fill(1);
    const sut = applyGuidedCoefficients(guidedCoefficients(guide, matte, 20, 10, 2, 1e-3), guide, 20, 10);
    expect(Math.min(...sut)).toBe(255);
  });

  it('snaps a blurry low-resolution matte edge to the sharp edge of the full-resolution photo', () => {
    // Full resolution 160 px wide with the subject's edge at x = 92; the matte is known only at 40 px, as a
    // 4 px ramp there, i.e. 16 px once upsampled.
    const W = 160;
    const H = 8;
    const w = 40;
    const h = 2;
    const full = stepGuide(W, H, 92);
    const low = stepGuide(w, h, 23);
    const matte = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) matte[y * w + x] = Math.min(1, Math.max(0, (x - 21) / 4));
    const sut = applyGuidedCoefficients(guidedCoefficients(low, matte, w, h, 2, 1e-4), full, W, H);
    const row = Array.from(sut.subarray(3 * W, 4 * W));
    const steps = row.slice(1).map((v, i) => v - row[i]);
    const largest = steps.indexOf(Math.max(...steps));
    expect(largest + 1).toBe(92);
    // Most of the 0..255 transition happens in that one pixel: bilinear upsampling would step ~16 per pixel.
    expect(steps[largest]).toBeGreaterThan(100);
    expect(row[60]).toBeLessThan(5);
    expect(row[130]).toBeGreaterThan(250);
  });
});
