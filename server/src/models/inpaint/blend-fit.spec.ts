import { describe, expect, it } from 'vitest';
import { fitBlend } from './blend-fit';

describe('fitting the blend of a mark over a photo', () => {
  it.each([
    ['a white mark at 40 %', [250, 250, 250], 0.4],
    ['a dark grey mark at 25 %', [60, 60, 60], 0.25],
    ['an orange mark at 70 %', [240, 120, 20], 0.7],
  ] as const)('finds the colour and opacity of %s over a varied photo', (_, colour, alpha) => {
    const n = 2000;
    let seed = 11;
    const random = () => (seed = (seed * 69069 + 1) % 4294967296) / 4294967296;
    const background = new Float32Array(n * 3).map(() => 30 + random() * 190);
    const data = background.map((b, i) => (1 - alpha) * b + alpha * colour[i % 3]);
    const fit = fitBlend(
      data,
      background,
      3,
      Int32Array.from({ length: n }, (_, i) => i),
    );
    expect(fit).not.toBeNull();
    fit!.color.forEach((v, k) => expect(Math.abs(v - colour[k])).toBeLessThanOrEqual(2));
    expect(fit!.alpha).toBeCloseTo(alpha, 2);
    expect(fit!.residual).toBeLessThan(0.01);
  });
});
