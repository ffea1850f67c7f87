import { describe, expect, it } from 'vitest';
import {
  cases,
  CLEAN_PHOTOS,
  HELD_OUT_MARKS,
  HELD_OUT_PHOTOS,
  photo,
  TUNING_MARKS,
  TUNING_PHOTOS,
  type MarkCase,
} from '../../../test/fixtures/text-marks/cases';
import {
  renderClean,
  renderMarked,
  scoreMask,
  type MarkScore,
} from '../../../test/fixtures/text-marks/render-marks';
import { findTextMarks } from './text-marks';

async function run(c: MarkCase): Promise<MarkScore> {
  const { image, truth } = await renderMarked(c.photo, c.mark);
  return scoreMask(findTextMarks(image, c.target), truth, image.width, image.height);
}

const meets = (s: MarkScore) => s.recall >= 0.8 && s.precision >= 0.8;

/** Prints one line per case, so a regression shows which mark on which photo it lost. */
async function table(list: MarkCase[]): Promise<number> {
  let passed = 0;
  for (const c of list) {
    const s = await run(c);
    if (meets(s)) passed++;
    console.info(
      `${meets(s) ? 'ok ' : 'MISS'} ${c.mark.name} on ${c.photo.split('/').pop()}: ` +
        `recall ${s.recall.toFixed(2)} precision ${s.precision.toFixed(2)} (strict ${s.strictPrecision.toFixed(2)})`,
    );
  }
  return passed;
}

describe('findTextMarks on synthetic marks over real photos (JPEG quality 85)', () => {
  it.each([
    ['LCD orange date, bottom right', 'Storm.jpg', TUNING_MARKS.lcdOrangeBottomRight],
    ['LCD orange date, bottom right', 'astronaut.png', TUNING_MARKS.lcdOrangeBottomRight],
    ['LCD red-orange date, top left', 'coffee.png', TUNING_MARKS.lcdRedTopLeft],
    ['LCD red-orange date, top left', 'Garden.jpg', TUNING_MARKS.lcdRedTopLeft],
    ['bold orange digits, bottom right', 'RainDrops.jpg', TUNING_MARKS.boldOrangeBottomRight],
  ])('finds the %s on %s', async (_name, name, mark) => {
    const s = await run({ photo: photo(name), mark, target: 'date-stamp' });
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    ['translucent white text', 'RainDrops.jpg', TUNING_MARKS.whiteTranslucentCentre, 'watermark'],
    ['corner logo text', 'coffee.png', TUNING_MARKS.cornerLogo, 'watermark'],
    ['corner logo text', 'Storm.jpg', TUNING_MARKS.cornerLogo, 'watermark'],
    ['web address', 'Garden.jpg', TUNING_MARKS.webAddress, 'text'],
    ['web address', 'Dune.jpg', TUNING_MARKS.webAddress, 'text'],
  ] as const)('finds the %s on %s', async (_name, name, mark, target) => {
    const s = await run({ photo: photo(name), mark, target });
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });

  it('finds a date stamp on a 4-megapixel photo through the working size, mask at full size', async () => {
    const { image, truth } = await renderMarked(photo('Storm.jpg'), TUNING_MARKS.lcdOrangeBottomRight, 2560);
    const s = scoreMask(findTextMarks(image, 'date-stamp'), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });

  it("finds a camera's orange date as a warm date stamp too, and white corner lettering only as a date stamp", async () => {
    const orange = await renderMarked(photo('Storm.jpg'), TUNING_MARKS.lcdOrangeBottomRight);
    const s = scoreMask(
      findTextMarks(orange.image, 'warm-date-stamp'),
      orange.truth,
      orange.image.width,
      orange.image.height,
    );
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
    const white = await renderMarked(photo('Storm.jpg'), TUNING_MARKS.cornerLogo);
    expect(findTextMarks(white.image, 'date-stamp')).not.toBeNull();
    expect(findTextMarks(white.image, 'warm-date-stamp')).toBeNull();
  });

  it('does not take a watermark in the middle of the photo for a date stamp', async () => {
    const { image } = await renderMarked(photo('Storm.jpg'), TUNING_MARKS.whiteTranslucentCentre);
    expect(findTextMarks(image, 'date-stamp')).toBeNull();
  });

  // Guards against regressions over the whole grid; the figures are in the log and the report.
  it('meets recall and precision 0.8 on at least 27 of the 36 tuning cases', async () => {
    expect(await table(cases(TUNING_MARKS, TUNING_PHOTOS))).toBeGreaterThanOrEqual(27);
  });

  it('meets them on at least 8 of the 15 held-out cases (other marks on other photos, never tuned on)', async () => {
    expect(await table(cases(HELD_OUT_MARKS, HELD_OUT_PHOTOS))).toBeGreaterThanOrEqual(8);
  });
});

describe('findTextMarks on clean photos', () => {
  it.each(CLEAN_PHOTOS)('proposes nothing on %s', async (name) => {
    const image = await renderClean(photo(name));
    expect(findTextMarks(image, 'date-stamp')).toBeNull();
    expect(findTextMarks(image, 'text')).toBeNull();
    expect(findTextMarks(image, 'watermark')).toBeNull();
  });

  it.each(['Garden.jpg', 'TwoWings.jpg', 'Wood.jpg'])(
    'proposes nothing on %s at its full 2560 px',
    async (name) => {
      const image = await renderClean(photo(name), 2560, 92);
      expect(findTextMarks(image, 'watermark')).toBeNull();
    },
  );
});
