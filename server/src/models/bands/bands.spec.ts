import { describe, expect, it } from 'vitest';
import { sharedBytes, sharedCopy, sharedFloats } from '../../lib/image/raw-image';
import { colourMeans, decontaminate, decontaminateRows } from '../guided-filter/foreground-colour';
import { applyGuidedCoefficients, applyGuidedRows, guidedCoefficients } from '../guided-filter/guided-filter';
import {
  fitTileRows,
  sparseGuidedCoefficients,
  tileRowCount,
  unfittedCoefficients,
} from '../guided-filter/sparse';
import { contrastAtEdges, contrastAtEdgesRows } from '../isnet/edge-contrast';
import { resizeCornerAligned, resizeCornerAlignedRows } from '../isnet/preprocess';
import { bandRunner, inBands } from './bands';

const W = 400;
const H = 300;

/** A photo with an edge, texture and noise, and a soft matte along the edge. */
function scene() {
  const rgb = new Uint8Array(W * H * 3);
  const matte = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const edge = 180 + 30 * Math.sin(y / 17);
      matte[i] = Math.min(1, Math.max(0, (x - edge) / 12 + 0.5));
      const inside = x > edge;
      rgb[i * 3] = (inside ? 200 : 40) + ((x * 7 + y * 13) % 31);
      rgb[i * 3 + 1] = (inside ? 90 : 160) + ((x * 3 + y * 5) % 17);
      rgb[i * 3 + 2] = ((x ^ y) * 37) % 256;
    }
  }
  return { rgb, matte };
}

describe('inBands', () => {
  it('gives bit for bit what the whole-plane functions give, with the helper thread doing part of the work', async () => {
    const { rgb, matte } = scene();
    const photo = sharedCopy(rgb);

    const square = sharedBytes(256 * 256 * 3);
    const resize = { src: photo, srcWidth: W, srcHeight: H, channels: 3, dstWidth: 256, dstHeight: 256 };
    await inBands(resizeCornerAlignedRows, { ...resize, out: square }, 256, 8);
    expect(square).toEqual(resizeCornerAligned(rgb, W, H, 3, 256, 256));

    const plane = sharedCopy(matte);
    const contrasted = sharedFloats(W * H);
    await inBands(
      contrastAtEdgesRows,
      { plane, out: contrasted, width: W, height: H, r: 3, contrast: 3 },
      H,
      8,
    );
    const expected = matte.slice();
    contrastAtEdges(expected, W, H, 3, 3);
    expect(contrasted).toEqual(expected);

    const fit = guidedCoefficients(rgb, matte, W, H, 2, 1e-3);
    const { ar, ag, ab, b } = fit;
    const coefficients = {
      ...fit,
      ar: sharedCopy(ar),
      ag: sharedCopy(ag),
      ab: sharedCopy(ab),
      b: sharedCopy(b),
    };
    const whole = applyGuidedCoefficients(fit, rgb, W, H);
    // The helper thread starts on the first call; within a few calls it takes chunks of its own.
    let helped = false;
    for (let attempt = 0; attempt < 20 && !helped; attempt++) {
      const out = sharedBytes(W * H);
      const here = await inBands(
        applyGuidedRows,
        { coefficients, rgb: photo, width: W, height: H, out },
        H,
        4,
      );
      expect(out).toEqual(whole);
      helped = here < H / 4;
      if (!helped) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(helped).toBe(true);
  });

  it('fits the sparse guided filter, the colour means and the decontamination as one thread does', async () => {
    const { rgb, matte } = scene();
    const photo = sharedCopy(rgb);
    const plane = sharedCopy(matte);
    const out = unfittedCoefficients(plane, W, H, sharedFloats);
    const fit = { guide: photo, matte: plane, width: W, height: H, r: 2, eps: 2e-4, out };
    await inBands(fitTileRows, fit, tileRowCount(H));
    const whole = sparseGuidedCoefficients(rgb, matte, W, H, 2, 2e-4);
    for (const key of ['ar', 'ag', 'ab', 'b'] as const) expect(out[key]).toEqual(whole[key]);

    const alpha = sharedBytes(W * H);
    matte.forEach((v, i) => (alpha[i] = Math.round(v * 255)));
    const means = await colourMeans(photo, alpha, W, H, bandRunner, sharedFloats);
    const alone = await colourMeans(rgb, alpha, W, H);
    expect(means.fg).toEqual(alone.fg);
    expect(means.bg).toEqual(alone.bg);

    const clean = sharedBytes(W * H * 3);
    const job = { means, rgb: photo, alpha, width: W, height: H, out: clean, outChannels: 3 as const };
    await inBands(decontaminateRows, job, H, 8);
    const expected = new Uint8Array(W * H * 3);
    decontaminate(alone, rgb, alpha, W, H, expected, 3);
    expect(clean).toEqual(expected);
  });

  it('refuses a job whose arrays are not in shared memory, which the helper could not write', async () => {
    const out = new Uint8Array(64 * 64 * 3);
    const job = {
      src: sharedBytes(64 * 64 * 3),
      srcWidth: 64,
      srcHeight: 64,
      channels: 3,
      dstWidth: 64,
      dstHeight: 64,
      out,
    };
    await expect(inBands(resizeCornerAlignedRows, job, 64, 8)).rejects.toThrow(/shared memory/);
  });

  it('refuses work that is not one of the band tasks', async () => {
    await expect(inBands(() => {}, {}, 10)).rejects.toThrow(/bandTasks/);
  });
});
