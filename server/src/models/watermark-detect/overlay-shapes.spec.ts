import { describe, expect, it } from 'vitest';
import { CLEAN_PHOTOS, photo } from '../../../test/fixtures/text-marks/cases';
import { renderClean, renderMarked, scoreMask } from '../../../test/fixtures/text-marks/render-marks';
import { translucentShapes } from '../../../test/fixtures/watermark-detect/overlay-marks';
import { findOverlayShapes } from './overlay-shapes';

describe('findOverlayShapes', () => {
  // Over textured photo, where the photo's own variation continues under the shapes. Only parts of them are
  // found (the fill stops at the photo's edges under them), and nothing beside them.
  it.each([
    ['Wood.jpg', translucentShapes(['rgb(20,170,90)', 'rgb(30,90,220)', 'rgb(255,255,255)'], 0.55, 0.6, 0.4)],
    [
      'coffee.png',
      translucentShapes(['rgb(20,190,210)', 'rgb(240,60,160)', 'rgb(255,255,255)'], 0.45, 0.3, 0.7),
    ],
  ])('finds translucent shapes on %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark, 1024);
    const s = scoreMask(findOverlayShapes(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.2);
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
  });

  it.each(CLEAN_PHOTOS)('finds nothing on %s', async (name) => {
    expect(findOverlayShapes(await renderClean(photo(name), 1024))).toBeNull();
  });
});
