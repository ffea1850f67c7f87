import { describe, expect, it } from 'vitest';
import {
  applyBatchEvent,
  archiveUrl,
  photosFromDrop,
  readyPhotos,
  sameShape,
  withShapes,
  type BatchPhoto,
} from './batch-photos';

const ready = (key: number, width: number, height: number): BatchPhoto => ({
  key,
  name: `p${key}.jpg`,
  status: 'ready',
  percent: 0,
  id: `id-${key}`,
  width,
  height,
});

describe('batch photos', () => {
  it('takes the first 50 of a drop and says why the rest are left out', () => {
    const photos = photosFromDrop(Array.from({ length: 52 }, (_, i) => `${i}.jpg`));
    expect(photos.filter((p) => p.status === 'uploading')).toHaveLength(50);
    expect(photos.slice(50).map((p) => p.message)).toEqual([
      'A batch holds at most 50 photos.',
      'A batch holds at most 50 photos.',
    ]);
  });

  it('shares a painted mask with photos of the same shape only, as the server scales it', () => {
    expect(sameShape({ width: 1600, height: 1000 }, { width: 2560, height: 1600 })).toBe(true);
    expect(sameShape({ width: 1600, height: 1000 }, { width: 1600, height: 1030 })).toBe(false);
    const photos = withShapes([ready(0, 1600, 1000), ready(1, 800, 500), ready(2, 500, 500)], {
      width: 1600,
      height: 1000,
    });
    expect(photos.map((p) => p.status)).toEqual(['ready', 'ready', 'other-shape']);
    expect(readyPhotos(photos)).toHaveLength(2);
    expect(withShapes(photos, { width: 500, height: 500 }).map((p) => p.status)).toEqual([
      'other-shape',
      'other-shape',
      'ready',
    ]);
  });

  it('follows the server: progress, results, failures with their reason, and the ZIP of the results', () => {
    let photos = [ready(0, 10, 10), ready(1, 10, 10)];
    photos = applyBatchEvent(photos, {
      type: 'progress',
      imageId: 'id-0',
      status: 'processing',
      percent: 40,
      message: 'Filling',
    });
    expect(photos[0]).toMatchObject({ status: 'processing', percent: 40, message: 'Filling' });
    photos = applyBatchEvent(photos, {
      type: 'completed',
      imageId: 'id-0',
      result: { processedPath: '/r0', downloadPath: '/d0', width: 10, height: 10 },
    });
    photos = applyBatchEvent(photos, {
      type: 'failed',
      imageId: 'id-1',
      error: { code: 'ENGINE_FAILED', message: 'Your credit was returned.' },
    });
    expect(photos.map((p) => p.status)).toEqual(['completed', 'failed']);
    expect(photos[1].message).toBe('Your credit was returned.');
    expect(archiveUrl(photos)).toBe('/api/images/archive?ids=id-0');
    expect(archiveUrl([ready(3, 1, 1)])).toBeNull();
  });
});
