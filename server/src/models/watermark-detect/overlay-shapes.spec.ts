import { describe, expect, it } from 'vitest';
import { CLEAN_PHOTOS, photo } from '../../../test/fixtures/text-marks/cases';
import { renderClean, renderMarked, scoreMask } from '../../../test/fixtures/text-marks/render-marks';
import { SHAPES_ON_TEXTURE } from '../../../test/fixtures/watermark-detect/overlay-marks';
import { findOverlayShapes } from './overlay-shapes';

describe('findOverlayShapes', () => {
  // Over textured photo, where the photo's own variation continues under the shapes. Only parts of them are
  // found (the fill stops at the photo's edges under them), and nothing beside them.
  it.each(SHAPES_ON_TEXTURE)('finds translucent shapes on %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark, 1024);
    const s = scoreMask(findOverlayShapes(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.2);
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
  });

  it.each(CLEAN_PHOTOS)('finds nothing on %s', async (name) => {
    expect(findOverlayShapes(await renderClean(photo(name), 1024))).toBeNull();
  });
});
