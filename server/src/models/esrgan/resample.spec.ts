import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cvLanczos, loadOpenCv } from '../../../test/fixtures/upscale/opencv';
import {
  boxDownscale,
  boxDownscalePlane,
  lanczosUpscale,
  lanczosUpscaleAdd,
  lanczosUpscaleRect,
} from './resample';

const FIXTURE = new URL('../../../test/fixtures/upscale/coffee-192x128.png', import.meta.url).pathname;

describe('centred resampling', () => {
  let cv: Awaited<ReturnType<typeof loadOpenCv>>;
  let photo: { data: Float32Array; width: number; height: number; channels: 3 };
  beforeAll(async () => {
    cv = await loadOpenCv();
    const { data, info } = await sharp(FIXTURE).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    photo = { data: Float32Array.from(data), width: info.width, height: info.height, channels: 3 };
  });

  it.each([2, 4])('enlarges %ix like OpenCV INTER_LANCZOS4 (same centring and kernel)', (scale) => {
    const sut = lanczosUpscale(photo, scale);
    const reference = cvLanczos(cv, photo.data, photo.width, photo.height, 3, scale);
    expect([sut.width, sut.height]).toEqual([photo.width * scale, photo.height * scale]);
    // Away from the borders (OpenCV reflects, we clamp), the two agree to a fraction of a level.
    let sum = 0;
    let n = 0;
    const margin = 4 * scale;
    for (let y = margin; y < sut.height - margin; y++)
      for (let x = margin; x < sut.width - margin; x++)
        for (let c = 0; c < 3; c++) {
          const i = (y * sut.width + x) * 3 + c;
          sum += Math.abs(sut.data[i] - reference[i]);
          n++;
        }
    expect(sum / n).toBeLessThan(0.05);
  });

  it.each([
    [2, { X0: 0, X1: 21, Y0: 0, Y1: 9 }],
    [4, { X0: 13, X1: 47, Y0: 30, Y1: 52 }],
    [4, { X0: 60, X1: 92, Y0: 1, Y1: 2 }],
  ])('gives the enlargement at %ix in a rectangle only, the same values as the whole', (scale, rect) => {
    const w = 23;
    const h = 13;
    const plane = Float32Array.from({ length: w * h }, (_, i) => (i * 37) % 251);
    const whole = new Float32Array(w * h * scale * scale);
    lanczosUpscaleAdd(plane, w, h, scale, whole);
    const sut = lanczosUpscaleRect(plane, w, h, scale, rect);
    const RW = rect.X1 - rect.X0;
    for (let Y = rect.Y0; Y < rect.Y1; Y++)
      for (let X = rect.X0; X < rect.X1; X++)
        expect(sut[(Y - rect.Y0) * RW + X - rect.X0]).toBe(whole[Y * w * scale + X]);
  });

  it('gives the same values on a plane larger than a tile (the JavaScript vertical pass)', () => {
    const w = 512;
    const h = 420;
    const plane = Float32Array.from({ length: w * h }, (_, i) => (i * 37) % 251);
    const whole = new Float32Array(w * h * 16);
    lanczosUpscaleAdd(plane, w, h, 4, whole);
    const rect = { X0: 1000, X1: 1040, Y0: 1670, Y1: 1680 };
    const sut = lanczosUpscaleRect(plane, w, h, 4, rect);
    for (let Y = rect.Y0; Y < rect.Y1; Y++)
      for (let X = rect.X0; X < rect.X1; X++)
        expect(sut[(Y - rect.Y0) * 40 + X - rect.X0]).toBe(whole[Y * w * 4 + X]);
  });

  it('area-averages blocks, and undoes a centred enlargement of a smooth ramp', () => {
    const ramp = {
      data: Float32Array.from({ length: 32 * 8 }, (_, i) => (i % 32) * 4),
      width: 32,
      height: 8,
      channels: 1,
    };
    const round = boxDownscale(lanczosUpscale(ramp, 2), 2);
    for (let y = 2; y < 6; y++)
      for (let x = 4; x < 28; x++) expect(round.data[y * 32 + x]).toBeCloseTo(ramp.data[y * 32 + x], 1);
    const block = boxDownscale({ data: new Float32Array([1, 3, 5, 7]), width: 2, height: 2, channels: 1 }, 2);
    expect(Array.from(block.data)).toEqual([4]);
  });

  it.each([2, 4])(
    'puts a step edge where a centred resampler puts it (%ix), adding into the target',
    (scale) => {
      // Dark left of source x = 10, bright from there: the 50% level belongs at output x = 10 * scale.
      const w = 24;
      const h = 6;
      const src = Float32Array.from({ length: w * h }, (_, i) => (i % w < 10 ? 40 : 200));
      const dst = new Float32Array(w * h * scale * scale).fill(5);
      lanczosUpscaleAdd(src, w, h, scale, dst);
      const W = w * scale;
      const row = 3 * scale * W;
      let crossing = NaN;
      for (let x = 0; x < W - 1; x++) {
        const a = dst[row + x] - 5;
        const b = dst[row + x + 1] - 5;
        if (a < 120 && b >= 120) crossing = x + 0.5 + (120 - a) / (b - a);
      }
      expect(Math.abs(crossing - 10 * scale)).toBeLessThan(0.05 * scale);
      // Flat rows stay flat, edges clamped: the first and last output columns keep the plateau values.
      expect(dst[row] - 5).toBeCloseTo(40, 3);
      expect(dst[row + W - 1] - 5).toBeCloseTo(200, 3);
    },
  );

  it('refuses a scale it has no written-out passes for, rather than enlarging wrongly', () => {
    const plane = new Float32Array(6 * 4);
    expect(() => lanczosUpscaleAdd(plane, 6, 4, 3, new Float32Array(6 * 4 * 9))).toThrow(/2x and 4x/);
  });

  it('area-averages a plane by 4, ignoring a remainder', () => {
    const plane = Float32Array.from({ length: 9 * 5 }, (_, i) => i);
    const sut = boxDownscalePlane(plane, 9, 5, 4);
    // Blocks [0,4)x[0,4) and [4,8)x[0,4): means of i = y * 9 + x.
    expect(Array.from(sut)).toEqual([1.5 * 9 + 1.5, 1.5 * 9 + 5.5]);
  });
});
