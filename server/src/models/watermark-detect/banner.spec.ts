import { describe, expect, it } from 'vitest';
import { CLEAN_PHOTOS, photo } from '../../../test/fixtures/text-marks/cases';
import { renderClean, renderMarked } from '../../../test/fixtures/text-marks/render-marks';
import { banner } from '../../../test/fixtures/watermark-detect/overlay-marks';
import { findBanner } from './banner';

describe('findBanner', () => {
  it.each([
    ['Storm.jpg', banner('Licensed by lumina', true, 0.45)],
    ['Garden.jpg', banner('Preview from ORBIT', false, 0.5, 0.5)],
    ['coffee.png', banner('© 2024 atlas', true, 0.35, 0.3)],
  ])('finds the band on %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark);
    const sut = findBanner(image);
    expect(sut).not.toBeNull();
    // The band's rows are the rows the mark covers at the left edge, within the anti-aliased row.
    const rows = [...Array(image.height).keys()].filter((y) => truth[y * image.width] > 0);
    expect(Math.abs(sut!.top - rows[0])).toBeLessThanOrEqual(2);
    expect(Math.abs(sut!.bottom - rows[rows.length - 1])).toBeLessThanOrEqual(2);
  });

  it.each(CLEAN_PHOTOS)('finds no band on %s', async (name) => {
    expect(findBanner(await renderClean(photo(name)))).toBeNull();
  });
});
