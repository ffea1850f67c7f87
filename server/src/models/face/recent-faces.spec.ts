import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkerPool } from '../../inference/pool';
import type { RawImage } from '../../lib/image/raw-image';
import { detectFaces, recentFaces } from './index';
import { pixelKey, RecentFaces } from './recent-faces';
import type { Face } from './types';

const photo = (seed: number, width = 40, height = 30): RawImage => ({
  data: Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 7 + seed) % 256),
  width,
  height,
  channels: 3,
});

const face = (x: number): Face => ({
  box: { x, y: 5, width: 10, height: 12 },
  score: 0.9,
  meshScore: 0.95,
  mesh: Float32Array.from({ length: 468 * 3 }, (_, i) => x + (i % 3)),
});

/** A pool that answers `detect-faces` with one face at the photo's first byte, counting the runs. */
function countingPool(fail = false): WorkerPool & { runs: number } {
  const pool = {
    runs: 0,
    run: (async (_task: string, payload: { image: RawImage }) => {
      pool.runs++;
      if (fail) throw new Error('the thread stopped');
      return { faces: [face(payload.image.data[0])] };
    }) as unknown as WorkerPool['run'],
    close: async () => {},
  };
  return pool;
}

describe('detectFaces remembers the faces of the last photos', () => {
  beforeEach(() => recentFaces.clear());

  it('runs the detector and the mesh once for the same pixels, however many modes ask', async () => {
    const pool = countingPool();
    const first = await detectFaces(photo(1), pool);
    // A new array with the same bytes, as a second mode decodes the same upload.
    const again = await detectFaces(photo(1), pool);
    expect(pool.runs).toBe(1);
    expect(again).toEqual(first);
  });

  it('runs them again for other pixels or another size', async () => {
    const pool = countingPool();
    await detectFaces(photo(1), pool);
    await detectFaces(photo(2), pool);
    await detectFaces(photo(1, 30, 40), pool);
    expect(pool.runs).toBe(3);
  });

  it('keeps no failure: the next call runs the models', async () => {
    await expect(detectFaces(photo(1), countingPool(true))).rejects.toThrow('the thread stopped');
    const pool = countingPool();
    expect(await detectFaces(photo(1), pool)).toHaveLength(1);
    expect(pool.runs).toBe(1);
  });

  it('gives every caller its own copy, so one that moves its faces changes no one else’s', async () => {
    const pool = countingPool();
    const first = await detectFaces(photo(1), pool);
    first[0].box.x += 100;
    first[0].mesh[0] += 100;
    const again = await detectFaces(photo(1), pool);
    expect(again[0].box.x).toBe(1);
    expect(again[0].mesh[0]).toBe(1);
  });
});

describe('RecentFaces', () => {
  it('forgets the photo used longest ago when full', () => {
    const cache = new RecentFaces(2);
    cache.set('a', [face(1)]);
    cache.set('b', [face(2)]);
    cache.get('a');
    cache.set('c', [face(3)]);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.[0].box.x).toBe(1);
    expect(cache.get('c')?.[0].box.x).toBe(3);
  });

  it('keys a photo by its size and every byte', () => {
    const a = photo(1);
    const b = { ...a, data: a.data.slice() };
    expect(pixelKey(b)).toBe(pixelKey(a));
    b.data[b.data.length - 1] ^= 1;
    expect(pixelKey(b)).not.toBe(pixelKey(a));
    expect(pixelKey({ ...a, width: 30, height: 40 })).not.toBe(pixelKey(a));
  });
});
