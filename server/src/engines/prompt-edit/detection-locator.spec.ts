import { afterAll, describe, expect, it } from 'vitest';
import { imprintCases, imprintPhoto } from '../../../test/fixtures/date-imprint/cases';
import { renderImprint, renderPhoto, scoreImprint } from '../../../test/fixtures/date-imprint/film-imprint';
import { createWorkerPool } from '../../inference/pool';
import { createDetectionLocator } from './detection-locator';

/** "Remove the date stamp" as Chat to Edit looks for it: the locator's text marks, in the inference worker. */
describe('the detection locator on a film date imprint', () => {
  const pool = createWorkerPool({ threads: 1 });
  const sut = createDetectionLocator(pool);
  afterAll(() => pool.close());

  it('masks the glowing digits and their glow on a 2048 px photo', async () => {
    const c = imprintCases().find((k) => k.id === 'orange-dark-01')!;
    const rendered = await renderImprint(imprintPhoto(c.photo), c.spec);
    const mask = await sut.textMarks(rendered.image, 'date-stamp', new AbortController().signal);
    expect(mask).toHaveLength(rendered.image.width * rendered.image.height);
    const s = scoreImprint(mask, rendered, rendered.image.width);
    expect(s.recall).toBeGreaterThanOrEqual(0.95);
    expect(s.glow).toBeGreaterThanOrEqual(0.9);
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
  });

  it('finds no date stamp on the same photo without one', async () => {
    const image = await renderPhoto(imprintPhoto('Storm.jpg'), 2048, 74);
    expect(await sut.textMarks(image, 'date-stamp', new AbortController().signal)).toBeNull();
  });
});
