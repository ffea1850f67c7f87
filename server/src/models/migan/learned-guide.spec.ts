import { afterAll, describe, expect, it } from 'vitest';
import { discMask, loadPhoto } from '../../../test/fixtures/inpaint/fixtures';
import { dilate } from '../../lib/image/bitmap';
import { learnedFillFor, MIN_LEARNED_PART } from './learned-guide';
import { MiganModel } from './migan.model';

describe('learnedFillFor', () => {
  const model = new MiganModel(2);
  afterAll(() => model.dispose());

  it('fills the mask as the pipeline grows it, and nothing else', async () => {
    const image = await loadPhoto('Aqua.jpg', 512);
    const mask = discMask(image.width, image.height, 200, 150, 30);
    const sut = await learnedFillFor(image, mask, { kind: 'object', grow: 2 }, model);
    expect(sut).not.toBeNull();
    expect(Array.from(sut!.covered)).toEqual(Array.from(dilate(mask, image.width, image.height, 2)));
    for (let i = 0; i < mask.length; i++)
      if (!sut!.covered[i]) expect(sut!.data[i * 3 + 1]).toBe(image.data[i * 3 + 1]);
  });

  it('leaves parts under MIN_LEARNED_PART pixels to our own fill', async () => {
    const image = await loadPhoto('Aqua.jpg', 512);
    const spot = discMask(image.width, image.height, 100, 100, 8);
    expect(spot.reduce((a, b) => a + b, 0)).toBeLessThan(MIN_LEARNED_PART);
    expect(await learnedFillFor(image, spot, { kind: 'object' }, model)).toBeNull();
  });

  it('gives none for a photo-wide watermark or a greyscale photo', async () => {
    const image = await loadPhoto('Aqua.jpg', 2048);
    const { width: w, height: h } = image;
    const tiled = new Uint8Array(w * h);
    for (let y = 40; y < h; y += 800)
      for (let x = 40; x < w; x += 800) {
        const disc = discMask(w, h, x, y, 16);
        for (let i = 0; i < disc.length; i++) tiled[i] |= disc[i];
      }
    expect(await learnedFillFor(image, tiled, { kind: 'watermark' }, model)).toBeNull();
    const grey = { data: new Uint8Array(w * h), width: w, height: h, channels: 1 as const };
    expect(await learnedFillFor(grey, tiled, { kind: 'object' }, model)).toBeNull();
  });
});
