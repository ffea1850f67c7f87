import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cvLanczos, loadOpenCv } from '../../../test/fixtures/upscale/opencv';
import { boxDownscale, lanczosUpscale } from './resample';

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
});
