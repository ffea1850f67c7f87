import { describe, expect, it } from 'vitest';
import { colourMeans, decontaminate } from './foreground-colour';

describe('Blur-Fusion foreground colour', () => {
  it('recovers the subject colour at a soft edge where the photo mixes in the old background', async () => {
    // A red subject on the left fading over 8 px into a blue background: I = aF + (1 - a)B exactly.
    const w = 480;
    const h = 40;
    const rgb = new Uint8Array(w * h * 3);
    const alpha = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const a = Math.min(1, Math.max(0, (250 - x) / 8));
        const i = y * w + x;
        alpha[i] = Math.round(a * 255);
        rgb.set([Math.round(220 * a + 20 * (1 - a)), 30, Math.round(40 * a + 230 * (1 - a))], i * 3);
      }
    const out = new Uint8Array(w * h * 3);
    decontaminate(await colourMeans(rgb, alpha, w, h), rgb, alpha, w, h, out, 3);
    const i = 20 * w + 247; // alpha 0.375: the photo shows a purple mix there
    expect(rgb[i * 3]).toBeLessThan(120);
    expect(Math.abs(out[i * 3] - 220)).toBeLessThan(25);
    expect(Math.abs(out[i * 3 + 2] - 40)).toBeLessThan(25);
    // Solid subject pixels are left exactly as they are.
    const solid = 20 * w + 10;
    expect(Array.from(out.subarray(solid * 3, solid * 3 + 3))).toEqual([220, 30, 40]);
  });
});
