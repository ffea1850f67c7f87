import { describe, expect, it } from 'vitest';
import { applyGuidedCoefficients, boxMean, guidedCoefficients, PRIOR_BAND } from './guided-filter';

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
  it.each([
    [13, 9, 3],
    [13, 9, 6],
    [5, 4, 7],
    [1, 6, 2],
    [8, 1, 0],
  ])('matches a brute-force window mean, borders included (%i x %i, radius %i)', (w, h, r) => {
    const src = Float32Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.7) * 10);
    const sut = boxMean(src, w, h, r);
    const expected = bruteBoxMean(src, w, h, r);
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

  it("keeps the prior matte's decision where the photo's edge lies elsewhere", () => {
    // The photo's edge is at x = 20 but the matte's 0.5 crossing is at x = 28 (a ramp from 24 to 32), and
    // both ends of the row are certain: with the prior the filter may reshape the ramp but not move the
    // decision, nor make certain pixels uncertain.
    const W = 48;
    const H = 4;
    const guide = stepGuide(W, H, 20);
    const bytes = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) bytes[y * W + x] = Math.round(255 * Math.min(1, Math.max(0, (x - 24) / 8)));
    const matte = Float32Array.from(bytes, (v) => v / 255);
    const coefficients = guidedCoefficients(guide, matte, W, H, 6, 1e-4);
    const sut = applyGuidedCoefficients(coefficients, guide, W, H, {
      data: bytes,
      width: W,
      height: H,
      cornerAligned: false,
    });
    for (let i = 0; i < sut.length; i++) {
      expect(sut[i] > 127).toBe(bytes[i] >= 128);
      if (bytes[i] === 0) expect(sut[i]).toBe(0);
      if (bytes[i] === 255) expect(sut[i]).toBe(255);
      // Within the band's envelope: at most prior / PRIOR_BAND opaque, at least 1 - (1 - prior) / PRIOR_BAND.
      expect(sut[i]).toBeLessThanOrEqual(Math.max(bytes[i] / PRIOR_BAND, 128) + 0.5);
      expect(sut[i]).toBeGreaterThanOrEqual(Math.min(255 - (255 - bytes[i]) / PRIOR_BAND, 127) - 0.5);
    }
  });

  it('reads a corner-aligned prior at x * priorWidth / width', () => {
    // A 2-pixel prior (out, in) over 8 pixels: corner-aligned, pixel x reads the prior at x / 4, so pixels
    // 0..1 are below one half, 2..7 at or above (pixel 2 reads 0.5 exactly); a flat photo leaves the rest.
    const guide = stepGuide(8, 1, 0);
    const matte = Float32Array.from([0, 0, 0, 0, 1, 1, 1, 1]);
    const coefficients = guidedCoefficients(guide, matte, 8, 1, 1, 1e-3);
    const sut = applyGuidedCoefficients(coefficients, guide, 8, 1, {
      data: new Uint8Array([0, 255]),
      width: 2,
      height: 1,
      cornerAligned: true,
    });
    expect(Array.from(sut, (v) => v > 127)).toEqual([false, false, true, true, true, true, true, true]);
    expect(sut[0]).toBe(0);
  });
});
