import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKED_PHOTOS, meanInRect } from '../../../../test/fixtures/background-removal/regions';
import { decodeRaw } from '../../../lib/image';
import { IsnetModel } from '../../../models/isnet/isnet.model';
import { predictMatte, workingSize } from './matte';

const photo = (file: string) => readFile(new URL(`../../../../../assets/photos/${file}`, import.meta.url));

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
