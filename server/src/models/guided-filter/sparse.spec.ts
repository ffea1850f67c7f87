import { describe, expect, it } from 'vitest';
import { guidedCoefficients } from './guided-filter';
import { sparseGuidedCoefficients } from './sparse';

/** A noisy guide and a matte that is 1 inside a wavy disc, 0 outside, soft over a few pixels between. */
function scene(width: number, height: number) {
  const guide = new Uint8Array(width * height * 3);
  for (let i = 0; i < guide.length; i++) guide[i] = (Math.imul(i, 2654435761) >>> 24) & 255;
  const matte = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width * 0.4, y - height / 2) - height / 3 + 4 * Math.sin(x / 5);
      matte[y * width + x] = d < -3 ? 1 : d > 3 ? 0 : 0.5 - d / 6;
    }
  }
  return { guide, matte };
}

describe('sparseGuidedCoefficients', () => {
  it.each([
    [300, 200, 2],
    [129, 65, 3],
    [64, 64, 1],
  ])('matches the whole-plane fit everywhere (%i x %i, radius %i)', (width, height, r) => {
    const { guide, matte } = scene(width, height);
    const sut = sparseGuidedCoefficients(guide, matte, width, height, r, 2e-4);
    const whole = guidedCoefficients(guide, matte, width, height, r, 2e-4);
    for (const plane of ['ar', 'ag', 'ab', 'b'] as const) {
      let worst = 0;
      for (let i = 0; i < width * height; i++)
        worst = Math.max(worst, Math.abs(sut[plane][i] - whole[plane][i]));
      expect(worst, plane).toBeLessThan(1e-3);
    }
  });

  it('fits no window where the matte is one value: the coefficients keep it', () => {
    const { guide } = scene(200, 100);
    const matte = new Float32Array(200 * 100).fill(1);
    const sut = sparseGuidedCoefficients(guide, matte, 200, 100, 2, 2e-4);
    expect(sut.ar.every((v) => v === 0)).toBe(true);
    expect(sut.b.every((v) => v === 1)).toBe(true);
  });
});
