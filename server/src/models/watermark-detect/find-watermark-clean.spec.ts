import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLEAN_PHOTOS, photo } from '../../../test/fixtures/text-marks/cases';
import { renderClean } from '../../../test/fixtures/text-marks/render-marks';
import { decodeRaw } from '../../lib/image/raw-image';
import { findWatermark, type WatermarkFindings } from './find-watermark';

// Apart from find-watermark.spec.ts, whose marked photos take as long again: two files share the two workers.
describe('findWatermark on clean photos', () => {
  it.each(CLEAN_PHOTOS)('proposes nothing on %s', async (name) => {
    expect(await findWatermark(await renderClean(photo(name)))).toBeNull();
  });

  // At its own size, unrecompressed, a label printed on the engine passes every overlay test of a line; the
  // segmenter does not see it as a mark, and the line's score drops it.
  it('leaves out a label printed on the photographed engine', async () => {
    const image = await decodeRaw(readFileSync(photo('face-aircraft-workers-1940s.jpg')));
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    expect(await findWatermark(image, found)).toBeNull();
    expect(found.lettering?.some((line) => line.score !== undefined && line.score <= 0)).toBe(true);
  });
});
