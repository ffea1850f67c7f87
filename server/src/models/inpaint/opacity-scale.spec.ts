import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import type { BlendFit } from './blend-fit';
import { toFloat } from './float-image';
import { scaleOpacityByOutline } from './opacity-scale';

/**
 * A ring-shaped mark at opacity 0.4 in one colour over a real photo, loosely masked, inverted with the
 * right colour but an opacity 35 % too high (what a fit does where colour and opacity trade off): a
 * ghost of the ring, over-corrected, whose outline shows.
 */
async function ghost(fittedAlpha: number) {
  const photo = toFloat(await loadFixture('garden-192x128.png'));
  const { width: w, height: h, channels: c } = photo;
  const color: [number, number, number] = [240, 60, 160];
  const trueAlpha = 0.4;
  const mask = new Uint8Array(w * h);
  const alpha = new Float32Array(w * h);
  const cx = w / 2;
  const cy = h / 2;
  const marked = photo.data.slice();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const r = Math.hypot(x - cx, y - cy);
      const i = y * w + x;
      if (r < 60) mask[i] = 1;
      if (r < 20 || r > 45) continue;
      alpha[i] = fittedAlpha;
      for (let k = 0; k < 3; k++)
        marked[i * c + k] = (1 - trueAlpha) * photo.data[i * c + k] + trueAlpha * color[k];
    }
  const data = marked.slice();
  for (let i = 0; i < w * h; i++)
    if (alpha[i] > 0)
      for (let k = 0; k < 3; k++)
        data[i * c + k] = (marked[i * c + k] - fittedAlpha * color[k]) / (1 - fittedAlpha);
  const fit: BlendFit = { color, alpha: fittedAlpha, residual: 0.3 };
  const fitOf = new Int32Array(w * h).fill(-1);
  for (let i = 0; i < w * h; i++) if (alpha[i] > 0) fitOf[i] = 0;
  return { photo, w, h, c, mask, alpha, marked, data, fit, fitOf };
}

/** Mean signed difference (over channels) from the ring's pixels to the untouched pixels beside them. */
function outlineStep(data: Float32Array, alpha: Float32Array, w: number, c: number): number {
  let sum = 0;
  let n = 0;
  for (let i = w; i < alpha.length - w; i++) {
    if (!(alpha[i] > 0)) continue;
    for (const j of [i + 1, i - 1, i + w, i - w]) {
      if (alpha[j] > 0) continue;
      for (let k = 0; k < 3; k++) sum += data[i * c + k] - data[j * c + k];
      n += 3;
    }
  }
  return sum / n;
}

function rms(a: Float32Array, b: Float32Array, alpha: Float32Array, c: number): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (!(alpha[i] > 0)) continue;
    for (let k = 0; k < 3; k++) s += (a[i * c + k] - b[i * c + k]) ** 2;
    n += 3;
  }
  return Math.sqrt(s / n);
}

describe('scaleOpacityByOutline', () => {
  it('scales a too-high opacity back so the mark outline no longer shows after inversion', async () => {
    const g = await ghost(0.54);
    const lost = new Uint8Array(g.w * g.h);
    const stepBefore = outlineStep(g.data, g.alpha, g.w, g.c);
    const errorBefore = rms(g.data, g.photo.data, g.alpha, g.c);
    const scales = scaleOpacityByOutline(
      g.data,
      g.marked,
      g.c,
      g.w,
      g.h,
      g.mask,
      lost,
      g.alpha,
      [g.fit],
      g.fitOf,
    );
    expect(Math.abs(stepBefore)).toBeGreaterThan(10);
    expect(scales[0] * 0.54).toBeGreaterThan(0.36);
    expect(scales[0] * 0.54).toBeLessThan(0.44);
    expect(Math.abs(outlineStep(g.data, g.alpha, g.w, g.c))).toBeLessThan(Math.abs(stepBefore) / 4);
    expect(rms(g.data, g.photo.data, g.alpha, g.c)).toBeLessThan(errorBefore / 3);
  });

  it('leaves a right opacity as it is', async () => {
    const g = await ghost(0.4);
    const before = g.data.slice();
    const scales = scaleOpacityByOutline(
      g.data,
      g.marked,
      g.c,
      g.w,
      g.h,
      g.mask,
      new Uint8Array(g.w * g.h),
      g.alpha,
      [g.fit],
      g.fitOf,
    );
    expect(Math.abs(scales[0] - 1)).toBeLessThanOrEqual(0.04);
    expect(rms(g.data, before, g.alpha, g.c)).toBeLessThan(2);
  });
});
