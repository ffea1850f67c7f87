import { describe, expect, it } from 'vitest';
import { CLEAN_PHOTOS, photo } from '../../../test/fixtures/text-marks/cases';
import { renderClean, renderMarked, scoreMask } from '../../../test/fixtures/text-marks/render-marks';
import { glowingDate } from '../../../test/fixtures/watermark-detect/overlay-marks';
import { findDateImprint, imprintLikeness } from './date-imprint';

describe('imprintLikeness', () => {
  it('takes orange for an imprint, not yellow grass, white or blue', () => {
    expect(imprintLikeness(250, 135, 35)).toBeGreaterThan(0.8);
    expect(imprintLikeness(231, 190, 60)).toBeLessThan(0.3);
    expect(imprintLikeness(240, 240, 240)).toBe(0);
    expect(imprintLikeness(60, 120, 220)).toBe(0);
  });
});

describe('findDateImprint', () => {
  it.each([
    ['Dune.jpg', glowingDate("'91 10 6", 'rgb(255,130,30)', 0.9)],
    ['coffee.png', glowingDate("'96 3 9", 'rgb(255,150,30)', 0.85)],
  ])('finds the orange date on the warm photo %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark, 1024);
    const s = scoreMask(findDateImprint(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.7);
    expect(s.precision).toBeGreaterThanOrEqual(0.7);
  });

  it.each(CLEAN_PHOTOS)('finds nothing on %s', async (name) => {
    expect(findDateImprint(await renderClean(photo(name), 1024))).toBeNull();
  });
});
