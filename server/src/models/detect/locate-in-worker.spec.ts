import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { createWorkerPool } from '../../inference/pool';
import { findTextMarksInWorker } from '../text-marks';
import { detectObjects, locateForRemoval } from './locate-in-worker';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const photo = async (name: string) => readFile(path.join(ROOT, 'assets/photos', name));

describe('locateForRemoval in the worker pool', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());

  it('masks the cup of "remove the cup" and leaves the caller its image', async () => {
    const image = await decodeRaw(await photo('coffee.png'), 3);
    const sut = await locateForRemoval(pool, image, 'cup', { which: 'default' });
    expect('mask' in sut).toBe(true);
    if (!('mask' in sut)) return;
    expect(sut.mask).toHaveLength(image.width * image.height);
    expect(sut.detections.map((d) => d.label)).toEqual(['cup']);
    expect(sut.mask.reduce((s, v) => s + v, 0)).toBeGreaterThan(0.05 * image.width * image.height);
    expect(image.data.length).toBe(image.width * image.height * 3);
  });

  it('answers "not found" with what the photo does have', async () => {
    const image = await decodeRaw(await photo('astronaut.png'), 3);
    const sut = await locateForRemoval(pool, image, 'dog', { which: 'default' });
    expect(sut).toEqual({ notFound: true, found: ['person'] });
    expect((await detectObjects(pool, image)).some((d) => d.label === 'person')).toBe(true);
  });

  // Its speed is the latency benchmark's to measure (docs/BENCHMARKS.md), not a test's on a shared machine.
  it('finds a person and masks them on a 2-megapixel photo', async () => {
    const big = await decodeRaw(
      await sharp(await photo('astronaut.png'))
        .resize(1450, 1450)
        .png()
        .toBuffer(),
      3,
    );
    const sut = await locateForRemoval(pool, big, 'person', { which: 'default' });
    expect('mask' in sut).toBe(true);
  });

  it('runs text-mark detection in the worker too', async () => {
    const image = await decodeRaw(await photo('Storm.jpg'), 3);
    expect(await findTextMarksInWorker(pool, image, 'watermark')).toBeNull();
  });
});
