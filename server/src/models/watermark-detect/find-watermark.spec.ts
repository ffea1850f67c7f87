import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { photo, TUNING_MARKS } from '../../../test/fixtures/text-marks/cases';
import { renderMarked, scoreMask, textSvg } from '../../../test/fixtures/text-marks/render-marks';
import {
  badgeAndWord,
  banner,
  colouredCornerLogo,
  gradientEmblem,
  gradientLogo,
  outlinedText,
  rotatedText,
  SHAPES_ON_TEXTURE,
  tilesAndWord,
  wordAcross,
} from '../../../test/fixtures/watermark-detect/overlay-marks';
import { tiledMark } from '../../../test/fixtures/watermark-detect/tiled-marks';
import { findWatermark, type WatermarkFindings } from './find-watermark';
import { findOverlayShapes } from './overlay-shapes';
import { textProbability } from './text-probability';
import { LARGE_TEXT_SIDE } from './tuned-thresholds';
import { markProbability } from './mark-probability';
import { segmentedMarks } from './segmented-marks';
import { textStrokes } from './text-strokes';

describe('findWatermark on marked photos', () => {
  it.each([
    ['Garden.jpg', tiledMark(-30, '© SAMPLE', 0.35)],
    ['RainDrops.jpg', tiledMark(-30, '© SAMPLE', 0.35)],
    ['chelsea.png', tiledMark(-30, '© SAMPLE', 0.35)],
    ['Wood.jpg', tiledMark(20, 'preview', 0.4)],
    ['coffee.png', tiledMark(0, 'stock photo', 0.45, '#000000')],
  ])('finds the tiled mark on %s by its repetition: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const s = scoreMask(await findWatermark(image, found), truth, image.width, image.height);
    expect(found.tiled).toBe(true);
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    ['translucent text', 'Storm.jpg', TUNING_MARKS.whiteTranslucentCentre],
    ['corner logo lettering', 'Garden.jpg', TUNING_MARKS.cornerLogo],
    ['web address', 'Dune.jpg', TUNING_MARKS.webAddress],
    ['date stamp', 'Storm.jpg', TUNING_MARKS.lcdOrangeBottomRight],
    ['rotated blue text', 'Garden.jpg', rotatedText('PREVIEW', -35, '#1e5adc', 0.6)],
    ['rotated magenta text', 'Wood.jpg', rotatedText('SAMPLE', 25, '#f03ca0', 0.5)],
    ['green corner logo', 'Storm.jpg', colouredCornerLogo('KESTREL', '#14aa5a', 0.8)],
    ['banner with its band', 'Garden.jpg', banner('Licensed by lumina', true, 0.45)],
    ['outlined white word', 'Storm.jpg', outlinedText('PROOF', 0.7)],
  ])('finds the %s on %s', async (_kind, name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark);
    const s = scoreMask(await findWatermark(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });
});

describe('findWatermark on lettering along the edge of the photo', () => {
  // A line whose box reaches the photo's last row is judged like any other (its score was once read past the
  // image there, and came out as no number, so the line was dropped).
  it('takes a web address on the bottom edge', async () => {
    const mark = {
      name: 'web address on the bottom edge',
      svg: (w: number, h: number) =>
        textSvg('www.example-photos.com', w * 0.03, h - 1, h * 0.035, '#ffffff', { opacity: 0.8 }),
    };
    const { image } = await renderMarked(photo('Aqua.jpg'), mark);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    await findWatermark(image, found);
    const judged = found.lettering?.filter((line) => line.score !== undefined) ?? [];
    expect(judged.every((line) => Number.isFinite(line.score))).toBe(true);
    expect(judged.some((line) => line.box.y1 === image.height && line.accepted)).toBe(true);
  });
});

describe('findWatermark on a small credit in a corner', () => {
  // A dark credit over a red gradient (the stock-style set's tuning case ts-006): the detector sees its line at
  // its own scale but too soft to pass as laid over the photo; the corners, seen at twice that scale, show its
  // strokes sharp enough.
  it('finds it by the corners seen enlarged, and nothing beside it', async () => {
    const fixture = (name: string) =>
      new URL(`../../../test/fixtures/watermark-detect/${name}`, import.meta.url);
    const image = await decodeRaw(await readFile(fixture('credit-on-gradient.jpg')), 3);
    const truth = (await decodeRaw(await readFile(fixture('credit-on-gradient-mask.png')), 1)).data;
    const s = scoreMask(await findWatermark(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.9);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });
});

describe('findWatermark on a mark of the colour of the photo under it', () => {
  // The line crosses an orange fruit and the green behind it: beside the strokes, the fruit is compared with the
  // line's other pixels near it (the fruit), not with their mean over fruit and green, so the fruit is not taken
  // for ink leaking out of the line. The letters over the fruit's lit side, which the mark darkens where it
  // lightens the rest, are not found: the strokes are taken along one colour shift.
  it('finds an orange word over an orange fruit', async () => {
    const fruit = new URL('../../../test/fixtures/watermark-detect/orange-on-green.jpg', import.meta.url);
    const mark = rotatedText('SAMPLE', 15, '#f08c1e', 0.7);
    const { image, truth } = await renderMarked(fruit.pathname, mark, 512, 72);
    const s = scoreMask(await findWatermark(image), truth, image.width, image.height);
    expect(s.recall).toBeGreaterThanOrEqual(0.4);
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
  });
});

describe('findWatermark on large lettering', () => {
  // The text detector sees no line of this word at its own scale. Its coarse pass, at half of it, sees part of
  // the word; the segmenter, trained on such words, takes most of it, with some of the face between letters.
  it('finds a dark preview word across a face', async () => {
    const mark = wordAcross('SAMPLE', { x: 0.44, y: 0.24 }, -5, '#000000', 0.48);
    const { image, truth } = await renderMarked(photo('astronaut.png'), mark, 1024);
    const score = (mask: Uint8Array | null) => scoreMask(mask, truth, image.width, image.height);
    const map = await markProbability(image);
    const fine = textStrokes(image, await textProbability(image), map);
    expect(score(fine).recall).toBe(0);
    const coarseMap = await textProbability(image, LARGE_TEXT_SIDE);
    const coarse = score(textStrokes(image, coarseMap, map, { taken: fine, large: true }));
    expect(coarse.recall).toBeGreaterThanOrEqual(0.35);
    expect(coarse.precision).toBeGreaterThanOrEqual(0.8);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const all = score(await findWatermark(image, found));
    expect(found.segmented).toBe(true);
    expect(all.recall).toBeGreaterThanOrEqual(0.65);
    expect(all.precision).toBeGreaterThanOrEqual(0.7);
  });
});

describe('findWatermark with the mark segmenter', () => {
  // The outline finder alone finds a fifth to a third of these shapes (overlay-shapes.spec.ts): over textured
  // photo its fill stops at the photo's own edges. The segmenter's regions that meet its find add more of them.
  it.each(SHAPES_ON_TEXTURE)('completes the translucent shapes on %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark, 1024);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const s = scoreMask(await findWatermark(image, found), truth, image.width, image.height);
    const outlinesAlone = scoreMask(findOverlayShapes(image), truth, image.width, image.height);
    expect(found.segmented).toBe(true);
    expect(s.recall).toBeGreaterThanOrEqual(Math.max(0.35, outlinesAlone.recall + 0.05));
    expect(s.precision).toBeGreaterThanOrEqual(0.9);
  });

  // No other finder sees these emblems; the segmenter's region is large and confident enough to stand alone.
  // Not every such emblem is found so: with the two emblems below on Wood, Storm, GreenMeadow and coffee, 6 of
  // the 8 get a region of their own, which covers 0.68-1.00 of the emblem; Wood's blue one the other finders
  // take whole, GreenMeadow's orange one nothing does.
  it.each([
    ['Storm.jpg', gradientEmblem('#fa7814', '#14bed2', 0.55)],
    ['coffee.png', gradientEmblem('#fa7814', '#14bed2', 0.55)],
  ] as const)('takes the segmenter alone for a gradient emblem on %s: %s', async (name, mark) => {
    const { image, truth } = await renderMarked(photo(name), mark, 1024);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const s = scoreMask(await findWatermark(image, found), truth, image.width, image.height);
    expect(found.shapes).toBe(false);
    expect(found.segmented).toBe(true);
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
    expect(s.precision).toBeGreaterThanOrEqual(0.8);
  });
});

describe("findWatermark on a logo's emblem beside its word", () => {
  // The badge is too small for the segmenter's region to stand alone, and no other finder sees it; beside the
  // word the lettering found, level with it and of its size, it is taken as the logo's emblem. Not every such
  // badge is found: of three colours on eight photos, 3 badges are found so (more than 0.8 of each), 10 in
  // part and 11 not at all, where the segmenter sees too little of them or, on Aqua, no line of the word is
  // taken (docs/lab/watermark-detect.md, part 21).
  it.each([
    ['Storm.jpg', '#e62828', '#14bed2', 0.6],
    ['coffee.png', '#1e5adc', '#ffffff', 0.7],
  ] as const)(
    'takes the badge beside the word on %s: %s badge, %s word',
    async (name, emblem, ink, opacity) => {
      const { image, truth } = await renderMarked(
        photo(name),
        badgeAndWord('lumina', emblem, ink, opacity),
        1024,
      );
      const badge = await renderMarked(photo(name), badgeAndWord('lumina', emblem, ink, opacity, true), 1024);
      const score = (mask: Uint8Array | null, marked = truth) =>
        scoreMask(mask, marked, image.width, image.height);
      const found: WatermarkFindings = { textLines: 0, tiled: false };
      const mask = await findWatermark(image, found);
      expect(found.shapes).toBe(false);
      expect(score(mask, badge.truth).recall).toBeGreaterThanOrEqual(0.8);
      expect(score(mask).recall).toBeGreaterThanOrEqual(0.8);
      expect(score(mask).precision).toBeGreaterThanOrEqual(0.9);
      const withoutWord = segmentedMarks(image, await markProbability(image), null, null, []);
      expect(score(withoutWord, badge.truth).recall).toBe(0);
    },
  );

  // The segmenter's map joins these tiles to the word's first letter, so their region meets the line's box; it
  // lies mostly past the line's end and the segmenter is sure of it, so it is taken. Without that allowance none
  // of the tiles is found on either photo.
  it.each(['Wood.jpg', 'GreenMeadow.jpg'])('takes tiles drawn against their word on %s', async (name) => {
    const colours = ['#fa7814', '#1e5adc', '#14bed2'];
    const { image, truth } = await renderMarked(photo(name), tilesAndWord(colours, 'brightframe', 0.6), 1024);
    const tiles = await renderMarked(photo(name), tilesAndWord(colours, 'brightframe', 0.6, true), 1024);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const mask = await findWatermark(image, found);
    expect(found.shapes).toBe(false);
    expect(scoreMask(mask, tiles.truth, image.width, image.height).recall).toBeGreaterThanOrEqual(0.55);
    expect(scoreMask(mask, truth, image.width, image.height).precision).toBeGreaterThanOrEqual(0.85);
  });
});

describe('findWatermark on a word beside its emblem', () => {
  // The text detector takes no line of this word, in the emblem's orange to blue gradient; the emblem's region
  // is taken alone, and the segmenter's confident regions level with it and beside it, the size of letters, as
  // the logo's word. Without that rule none of the word is found on either photo.
  it.each(['coffee.png', 'Garden.jpg'])('takes the word beside a gradient emblem on %s', async (name) => {
    const { image, truth } = await renderMarked(photo(name), gradientLogo('#fa7814', '#14bed2', 0.55), 1024);
    const word = await renderMarked(photo(name), gradientLogo('#fa7814', '#14bed2', 0.55, true), 1024);
    const found: WatermarkFindings = { textLines: 0, tiled: false };
    const mask = await findWatermark(image, found);
    expect(found.lettering?.some((line) => line.accepted)).toBe(false);
    expect(scoreMask(mask, word.truth, image.width, image.height).recall).toBeGreaterThanOrEqual(0.45);
    expect(scoreMask(mask, truth, image.width, image.height).precision).toBeGreaterThanOrEqual(0.85);
  });
});
