import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKED_PHOTOS, meanInRect } from '../../../test/fixtures/background-removal/regions';
import { decodeRaw } from '../../lib/image/raw-image';
import { IsnetModel } from './isnet.model';
import { MODEL_REFINE, predictMatte, refineMatte, workingSize } from './matte';

const photo = (file: string) => readFile(new URL(`../../../../assets/photos/${file}`, import.meta.url));

describe('predictMatte on real photos', () => {
  // One session for the whole file: loading the 88 MB model is the slow part.
  const model = new IsnetModel({ variant: 'medium' });
  afterAll(() => model.dispose());

  it.each(MARKED_PHOTOS)('keeps the subject and removes the background of $file', async (marked) => {
    const image = await decodeRaw(await photo(marked.file), 3);
    const sut = await predictMatte(image, model);
    expect(sut.length).toBe(image.width * image.height);
    for (const rect of marked.subject) expect(meanInRect(sut, image.width, rect)).toBeGreaterThan(0.95);
    for (const rect of marked.background) expect(meanInRect(sut, image.width, rect)).toBeLessThan(0.03);
    expect(model.loadAttempts).toBe(1);
  });
});

describe('workingSize', () => {
  it('keeps small photos as they are and brings large ones to about the model pixel count', () => {
    expect(workingSize(640, 427)).toEqual({ width: 640, height: 427 });
    const sut = workingSize(4000, 3000);
    expect(sut.width / sut.height).toBeCloseTo(4 / 3, 2);
    expect(sut.width * sut.height).toBeLessThanOrEqual(1024 * 1024);
    expect(sut.width * sut.height).toBeGreaterThan(1024 * 1000);
  });
});

describe('refineMatte', () => {
  // A photo 200 px wide with a sharp edge at x = 101 and a 50x50 model-like matte whose ramp (matte x 24..26) crosses
  // one half at x = 100 (corner-aligned: photo x reads the matte at x / 4).
  const width = 200;
  const height = 40;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill(x < 101 ? 40 : 210, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const image = { data, width, height, channels: 3 as const };
  const matte = { data: new Uint8Array(50 * 50), width: 50, height: 50 };
  for (let y = 0; y < 50; y++)
    for (let x = 0; x < 50; x++)
      matte.data[y * 50 + x] = Math.round(255 * Math.min(1, Math.max(0, (x - 24) / 2)));

  it("keeps the matte's decision and makes its edge narrower, on the photo's edge", async () => {
    const sut = await refineMatte(image, matte, MODEL_REFINE);
    const row = Array.from(sut.subarray(20 * width, 21 * width));
    // The upsampled matte is at or above one half from x = 100 on (matte x = 25 reads 127.5).
    row.forEach((v, x) => expect(v > 127, `x = ${x}`).toBe(x >= 100));
    expect(row[60]).toBe(0);
    expect(row[150]).toBe(255);
    // The matte's 5-95 % ramp is 7 px wide once upsampled; the refined one is narrower.
    const soft = row.filter((v) => v > 12 && v < 243).length;
    expect(soft).toBeLessThan(7);
  });
});
