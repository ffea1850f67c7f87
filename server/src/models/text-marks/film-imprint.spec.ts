import { describe, expect, it } from 'vitest';
import {
  CLEAN_PHOTOS,
  imprintCases,
  imprintPhoto,
  type ImprintCase,
} from '../../../test/fixtures/date-imprint/cases';
import {
  renderImprint,
  renderPhoto,
  scoreImprint,
  type ImprintScore,
} from '../../../test/fixtures/date-imprint/film-imprint';
import { addedLight, isImprintStroke, opening } from './added-light';
import { findFilmImprint } from './film-imprint';
import { findAtSide } from '../../lib/image/area-resample';
import { findTextMarks } from './text-marks';

const byId = new Map(imprintCases().map((c) => [c.id, c]));
const imprint = (id: string): ImprintCase => byId.get(id)!;

async function run(
  c: ImprintCase,
  find = (image: Parameters<typeof findFilmImprint>[0]) => findFilmImprint(image),
) {
  const rendered = await renderImprint(imprintPhoto(c.photo), c.spec);
  const mask = findAtSide(rendered.image, 1200, find);
  const score = scoreImprint(mask, rendered, rendered.image.width);
  console.info(
    `${c.id} on ${c.photo} (${c.spec.side} px, "${c.spec.text}"): recall ${score.recall.toFixed(2)} ` +
      `glow ${score.glow.toFixed(2)} precision ${score.precision?.toFixed(2) ?? '-'}`,
  );
  return score;
}

/** The strokes found, their glow mostly covered, the mask on the imprint's light. */
function expectFound(s: ImprintScore): void {
  expect(s.recall).toBeGreaterThanOrEqual(0.9);
  expect(s.glow).toBeGreaterThanOrEqual(0.8);
  expect(s.precision).toBeGreaterThanOrEqual(0.8);
}

describe('opening', () => {
  it('takes away a bright stroke narrower than its square and keeps a wider plateau', () => {
    const [w, h] = [40, 20];
    const plane = new Float32Array(w * h).fill(10);
    for (let y = 0; y < h; y++) {
      plane[y * w + 5] = 200;
      for (let x = 20; x < 34; x++) plane[y * w + x] = 120;
    }
    const sut = opening(plane, w, h, 3);
    expect(sut[10 * w + 5]).toBe(10);
    expect(sut[10 * w + 27]).toBe(120);
  });
});

describe('isImprintStroke', () => {
  const stroke = (rise: [number, number, number], red: number) =>
    isImprintStroke(
      {
        width: 1,
        height: 1,
        top: 0,
        rise: rise.map((v) => Float32Array.of(v)) as never,
        red: Float32Array.of(red),
      },
      0,
    );

  it("takes an orange, red or clipped yellowish rise for the LEDs' light, not white, green or a faint one", () => {
    expect(stroke([120, 60, 10], 200)).toBe(true);
    expect(stroke([150, 30, 15], 220)).toBe(true);
    expect(stroke([180, 175, 80], 255)).toBe(true);
    expect(stroke([120, 118, 115], 230)).toBe(false);
    expect(stroke([30, 80, 20], 120)).toBe(false);
    expect(stroke([15, 8, 2], 60)).toBe(false);
  });
  it('measures the rise over the photo without the strokes', () => {
    const [width, height] = [60, 30];
    const data = new Uint8Array(width * height * 3).fill(40);
    for (let y = 10; y < 20; y++) data.set([230, 130, 45], (y * width + 30) * 3);
    const sut = addedLight({ data, width, height, channels: 3 }, 0, 4);
    expect(sut.rise[0][15 * width + 30]).toBeGreaterThan(150);
    expect(Math.abs(sut.rise[0][15 * width + 10])).toBeLessThan(2);
  });
});

describe('findFilmImprint on film date imprints drawn over real photos', () => {
  // The kind it was tuned on: orange on dark corners (all 20 but one pass; orange-dark-13, a red petal under
  // the digits, is found by the warm map of findTextMarks instead).
  it.each(['orange-dark-01', 'orange-dark-06', 'orange-dark-09', 'orange-dark-16'])(
    'finds the tuning case %s with its glow',
    async (id) => expectFound(await run(imprint(id))),
  );

  // Held out whole: other photos, yellow LEDs, other segments, another date order, a tilted photo of a print.
  it.each([
    'orange-dark-unseen-02',
    'yellow-dark-06',
    'other-segments-05',
    'other-order-03',
    'print-photo-02',
  ])('finds the held-out case %s with its glow', async (id) => expectFound(await run(imprint(id))));

  it('finds it through the date-stamp target of findTextMarks, at full size', async () => {
    const c = imprint('orange-dark-01');
    const rendered = await renderImprint(imprintPhoto(c.photo), c.spec);
    expect(rendered.image.width).toBe(2048);
    const found: Parameters<typeof findTextMarks>[2] = [];
    const s = scoreImprint(
      findTextMarks(rendered.image, 'date-stamp', found),
      rendered,
      rendered.image.width,
    );
    expectFound(s);
    expect(found.some((line) => line.kind === 'film-imprint')).toBe(true);
  });
});

describe('findFilmImprint on photos without an imprint', () => {
  // Orange flowers, a rocket's lamps at dusk, evening grass, florets, stars, warm skin and sepia prints.
  it.each(CLEAN_PHOTOS)('proposes nothing on %s', async (name) => {
    const image = await renderPhoto(imprintPhoto(name), 1280, 75);
    expect(findAtSide(image, 1200, (small) => findFilmImprint(small))).toBeNull();
  });
});
