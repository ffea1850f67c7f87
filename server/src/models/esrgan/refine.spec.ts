import { describe, expect, it } from 'vitest';
import { refinePlanar } from './refine';
import { boxDownscale, downUpPlane, lanczosUpscale, lanczosUpscaleAdd, type FloatImage } from './resample';

/** The refinement step by step, as first written: blend, then rounds of back-projection on the large image. */
function iterativeRefine(model: FloatImage, input: FloatImage, scale: number, wm: number, rounds: number) {
  const current = new Float32Array(model.data);
  const classic = lanczosUpscale(input, scale).data;
  for (let i = 0; i < current.length; i++) current[i] = wm * current[i] + (1 - wm) * classic[i];
  const image: FloatImage = { ...model, data: current };
  for (let k = 0; k < rounds; k++) {
    const down = boxDownscale(image, scale);
    for (let i = 0; i < down.data.length; i++) down.data[i] = input.data[i] - down.data[i];
    const correction = lanczosUpscale(down, scale).data;
    for (let i = 0; i < current.length; i++) current[i] += correction[i];
  }
  return current;
}

function noise(length: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * 255;
  });
}

describe('refinement in closed form', () => {
  it.each([2, 4])('downUpPlane equals area-averaging a %ix centred Lanczos enlargement', (scale) => {
    const plane = noise(23 * 17, 7);
    const expected = boxDownscale(
      lanczosUpscale({ data: plane, width: 23, height: 17, channels: 1 }, scale),
      scale,
    );
    const sut = downUpPlane(plane, 23, 17, scale);
    for (let i = 0; i < sut.length; i++) expect(sut[i]).toBeCloseTo(expected.data[i], 3);
  });

  it.each([
    [2, 0.5, 2],
    [4, 0.3, 2],
    [4, 0.3, 5],
    [2, 1, 0],
    [2, 1, 3],
    [4, 0.6, 0],
  ])(
    'equals blend plus back-projection rounds done one by one (%ix, weight %d, %i rounds)',
    (scale, wm, rounds) => {
      const w = 19;
      const h = 13;
      const modelPlanes = noise(3 * w * h * scale * scale, 3);
      const inputPlanes = noise(3 * w * h, 11);
      const interleave = (planes: Float32Array, n: number) =>
        Float32Array.from({ length: 3 * n }, (_, i) => planes[(i % 3) * n + Math.floor(i / 3)]);
      const N = w * h * scale * scale;
      const expected = iterativeRefine(
        { data: interleave(modelPlanes, N), width: w * scale, height: h * scale, channels: 3 },
        { data: interleave(inputPlanes, w * h), width: w, height: h, channels: 3 },
        scale,
        wm,
        rounds,
      );
      const sut = interleave(
        refinePlanar(modelPlanes, inputPlanes, w, h, 3, { scale, modelWeight: wm, backProjections: rounds }),
        N,
      );
      let worst = 0;
      for (let i = 0; i < sut.length; i++) worst = Math.max(worst, Math.abs(sut[i] - expected[i]));
      expect(worst).toBeLessThan(1e-2);
    },
  );

  it.each([
    [2, 1, 2],
    [4, 0.7, 2],
    [4, 1, 0],
  ])(
    'takes the model as its difference from the Lanczos enlargement alike (%ix, weight %d, %i rounds)',
    (scale, wm, rounds) => {
      const w = 17;
      const h = 11;
      const n = w * h;
      const N = n * scale * scale;
      const difference = noise(3 * N, 5).map((v) => v - 128);
      const input = noise(3 * n, 13);
      const whole = new Float32Array(difference);
      for (let c = 0; c < 3; c++)
        lanczosUpscaleAdd(
          input.subarray(c * n, (c + 1) * n),
          w,
          h,
          scale,
          whole.subarray(c * N, (c + 1) * N),
        );
      const options = { scale, modelWeight: wm, backProjections: rounds };
      const expected = refinePlanar(whole, input, w, h, 3, options);
      const sut = refinePlanar(new Float32Array(difference), input, w, h, 3, {
        ...options,
        lanczosResidual: true,
      });
      let worst = 0;
      for (let i = 0; i < sut.length; i++) worst = Math.max(worst, Math.abs(sut[i] - expected[i]));
      expect(worst).toBeLessThan(1e-2);
    },
  );
});
