import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/random';
import { detailPredict, planDetailRuns, type DetailOptions } from './detail';
import { lanczosUpscaleAdd } from './resample';
import { upscaleTiled, type Pixels, type Predict } from './upscale-tiled';

const OPTIONS: DetailOptions = { block: 16, fraction: 0.5, context: 4, feather: 2, minScore: 1 };

/** Grey ramp, with pseudo-random texture of the given amplitude inside [x0, x1) x [y0, y1). */
function textured(width: number, height: number, patches: [number, number, number, number, number][]) {
  const data = new Uint8Array(width * height * 3);
  const random = seededRandom(7);
  const noise = () => random() * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let v = 100 + x * 0.5;
      for (const [x0, x1, y0, y1, amp] of patches)
        if (x >= x0 && x < x1 && y >= y0 && y < y1) v += amp * noise();
      data.fill(Math.round(Math.min(255, Math.max(0, v))), (y * width + x) * 3, (y * width + x + 1) * 3);
    }
  return { data, width, height, channels: 3 } as Pixels;
}

function nchw(image: Pixels): Float32Array {
  const n = image.width * image.height;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) out[c * n + i] = image.data[i * 3 + c];
  return out;
}

describe('detail blocks', () => {
  it('picks the detailed blocks and merges them into one rectangle, never the flat ones', () => {
    const image = textured(64, 48, [[32, 64, 16, 48, 60]]);
    expect(planDetailRuns(image, 4, OPTIONS)).toEqual([{ x0: 32, x1: 64, y0: 16, y1: 48 }]);
    expect(planDetailRuns(image, 4, { ...OPTIONS, fraction: 1 })).toEqual([
      { x0: 32, x1: 64, y0: 16, y1: 48 },
    ]);
    expect(planDetailRuns(textured(64, 48, []), 4, { ...OPTIONS, fraction: 1 })).toEqual([]);
  });

  it('splits a large detailed area into rectangles of at most 8 blocks a side', () => {
    const runs = planDetailRuns(textured(320, 160, [[0, 320, 0, 160, 60]]), 4, { ...OPTIONS, fraction: 1 });
    expect(runs).toEqual([
      { x0: 0, x1: 128, y0: 0, y1: 128 },
      { x0: 128, x1: 256, y0: 0, y1: 128 },
      { x0: 256, x1: 320, y0: 0, y1: 128 },
      { x0: 0, x1: 128, y0: 128, y1: 160 },
      { x0: 128, x1: 256, y0: 128, y1: 160 },
      { x0: 256, x1: 320, y0: 128, y1: 160 },
    ]);
  });

  it('ranks blocks by what a Lanczos round trip loses, strongest first', () => {
    const image = textured(64, 32, [
      [0, 16, 0, 16, 10],
      [48, 64, 16, 32, 80],
    ]);
    // 8 blocks; a quarter of them is 2: the strong patch first, then the weak one.
    expect(planDetailRuns(image, 2, { ...OPTIONS, fraction: 1 / 8 })).toEqual([
      { x0: 48, x1: 64, y0: 16, y1: 32 },
    ]);
    expect(planDetailRuns(image, 2, { ...OPTIONS, fraction: 2 / 8 })).toEqual([
      { x0: 0, x1: 16, y0: 0, y1: 16 },
      { x0: 48, x1: 64, y0: 16, y1: 32 },
    ]);
  });

  it('gives the change the model makes to the Lanczos inside a rectangle, none outside, and runs each rectangle once', async () => {
    const image = textured(64, 48, [[32, 64, 16, 48, 60]]);
    const runs = planDetailRuns(image, 2, OPTIONS);
    const calls: [number, number][] = [];
    const model: Predict = async (_, w, h) => {
      calls.push([w, h]);
      return new Float32Array(3 * w * h * 4).fill(1000);
    };
    const sut = detailPredict(image, 2, runs, model, OPTIONS);
    const whole = await sut(nchw(image), 64, 48, { x: 0, y: 0, w: 64, h: 48 });
    await sut(nchw(image), 64, 48, { x: 0, y: 0, w: 64, h: 48 });
    // The rectangle [32, 64) x [16, 48) with 4 pixels of context, clipped to the image.
    expect(calls).toEqual([[36, 36]]);

    const lanczos = new Float32Array(3 * 128 * 96);
    const input = nchw(image);
    for (let c = 0; c < 3; c++)
      lanczosUpscaleAdd(
        input.subarray(c * 3072, (c + 1) * 3072),
        64,
        48,
        2,
        lanczos.subarray(c * 12288, (c + 1) * 12288),
      );
    for (let Y = 0; Y < 96; Y++)
      for (let X = 0; X < 128; X++) {
        const t = [(X + 0.5) / 2, (Y + 0.5) / 2];
        const i = Y * 128 + X;
        if (t[0] > 34 && t[1] > 18) expect(lanczos[i] + whole[i]).toBeCloseTo(1000, 3);
        else if (t[0] < 30 || t[1] < 14) expect(whole[i]).toBe(0);
        else expect(lanczos[i] + whole[i]).toBeGreaterThanOrEqual(Math.min(1000, lanczos[i]) - 1e-3);
      }
  });

  it('leaves no seams across tiles: tiled equals untiled within 1 level', async () => {
    const image = textured(80, 64, [
      [8, 40, 8, 40, 50],
      [40, 72, 24, 56, 30],
    ]);
    const runs = planDetailRuns(image, 2, OPTIONS);
    expect(runs.length).toBeGreaterThan(0);
    // A stand-in detail model: the Lanczos enlargement of its input with 30% more contrast.
    const model: Predict = async (x, w, h) => {
      const out = new Float32Array(3 * w * h * 4);
      for (let c = 0; c < 3; c++)
        lanczosUpscaleAdd(
          x.subarray(c * w * h, (c + 1) * w * h),
          w,
          h,
          2,
          out.subarray(c * w * h * 4, (c + 1) * w * h * 4),
        );
      return out.map((v) => 128 + 1.3 * (v - 128));
    };
    const run = (tile: number) =>
      upscaleTiled(image, {
        scale: 2,
        tile,
        blend: 4,
        context: 8,
        refine: { modelWeight: 1, backProjections: 2, lanczosResidual: true },
        predict: detailPredict(image, 2, runs, model, OPTIONS),
      });
    const [tiled, whole] = [await run(24), await run(1000)];
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++)
      worst = Math.max(worst, Math.abs(tiled.data[i] - whole.data[i]));
    expect(worst).toBeLessThanOrEqual(1);
  });
});
