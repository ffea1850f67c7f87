import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { detectFaces, type Face } from '../../../models/face';
import { faceRegions } from '../../../models/face/regions';
import { createWorkerPool } from '../../../inference/pool';
import { photo } from '../../../../test/support/uploads';
import type { ColourCast } from '../edit-plan';
import { toLab } from './lab';
import type { Gains } from './linear-light';
import { SKIN_HUES } from './skin-hold';
import { applyGains, correctColourCast } from './white-balance';

/** Lights of three colours, as gains on linear RGB: tungsten-yellow, fluorescent-green, shade-blue. */
const CASTS: [ColourCast, Gains][] = [
  ['yellow', [1.12, 1.02, 0.7]],
  ['green', [0.85, 1.12, 0.88]],
  ['blue', [0.82, 0.97, 1.3]],
];

/** Where the grey card goes: the lower right, a tenth of the photo. */
const cardOf = (image: RawImage) => ({
  x: Math.round(image.width * 0.62),
  y: Math.round(image.height * 0.62),
  width: Math.round(image.width * 0.3),
  height: Math.round(image.height * 0.3),
});

/** The photo with an 18 % grey card in it (sRGB 118), with a little sensor noise. */
function withGreyCard(image: RawImage): RawImage {
  const out = { ...image, data: new Uint8Array(image.data) };
  const card = cardOf(image);
  let seed = 3;
  for (let y = card.y; y < card.y + card.height; y++) {
    for (let x = card.x; x < card.x + card.width; x++) {
      seed = (seed * 48271) % 2147483647;
      const i = (y * image.width + x) * 3;
      out.data.fill(116 + (seed % 5), i, i + 3);
    }
  }
  return out;
}

/** CIELAB of the mean colour inside `mask` (a rectangle, or a face's skin). */
function labOfMean(image: RawImage, inside: (x: number, y: number) => number): Float32Array {
  const sum = [0, 0, 0];
  let weight = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const w = inside(x, y);
      if (w <= 0) continue;
      for (let c = 0; c < 3; c++) sum[c] += w * image.data[(y * image.width + x) * 3 + c];
      weight += w;
    }
  }
  const lab = new Float32Array(3);
  toLab(...(sum.map((s) => Math.round(s / weight)) as [number, number, number]), lab);
  return lab;
}

function cardChroma(image: RawImage): number {
  const card = cardOf(image);
  const [, a, b] = labOfMean(image, (x, y) =>
    x >= card.x + 4 && x < card.x + card.width - 4 && y >= card.y + 4 && y < card.y + card.height - 4 ? 1 : 0,
  );
  return Math.hypot(a, b);
}

function skinHue(image: RawImage, faces: readonly Face[]): number {
  const masks = faces.map((f) => faceRegions(f, image.width, image.height));
  const [, a, b] = labOfMean(image, (x, y) => {
    let w = 0;
    for (const { roi, skin } of masks) {
      if (x >= roi.x && y >= roi.y && x < roi.x + roi.width && y < roi.y + roi.height)
        w = Math.max(w, skin[(y - roi.y) * roi.width + x - roi.x]);
    }
    return w > 0.3 ? w : 0;
  });
  return (Math.atan2(b, a) * 180) / Math.PI;
}

const meanChange = (a: RawImage, b: RawImage) =>
  a.data.reduce((s, v, i) => s + Math.abs(v - b.data[i]), 0) / a.data.length;

describe('white balance', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());
  let photos: Record<string, RawImage>;
  beforeAll(async () => {
    const at = async (name: string) => decodeRaw(await sharp(photo(name)).resize(800).toBuffer(), 3);
    photos = { coffee: await at('coffee.png'), garden: await at('Garden.jpg') };
  });

  it.each(['coffee', 'garden'])(
    'brings a grey card in the %s photo back to neutral under yellow, fluorescent-green and blue light',
    (name) => {
      const carded = withGreyCard(photos[name]);
      for (const [cast, gains] of CASTS) {
        const lit = applyGains(carded, gains);
        expect(cardChroma(lit), cast).toBeGreaterThan(9);
        expect(cardChroma(correctColourCast(lit)), cast).toBeLessThan(3);
        expect(cardChroma(correctColourCast(lit, { cast })), `${cast}, named`).toBeLessThan(3);
      }
    },
  );

  it('barely changes a photo that is already neutral, or one with no grey to go by', () => {
    const carded = withGreyCard(photos.coffee);
    expect(meanChange(correctColourCast(carded), carded)).toBeLessThan(1);
    // The garden is all greens and flowers: nothing tells the light's colour, so it is at most nudged.
    expect(meanChange(correctColourCast(photos.garden), photos.garden)).toBeLessThan(4);
  });

  it('always moves away from the cast the person named', () => {
    const image = photos.garden;
    const before = labOfMean(image, () => 1);
    const warmer = labOfMean(correctColourCast(image, { cast: 'yellow' }), () => 1);
    expect(warmer[2]).toBeLessThan(before[2] - 2);
    const greener = labOfMean(correctColourCast(image, { cast: 'green' }), () => 1);
    expect(greener[1]).toBeGreaterThan(before[1] + 1);
  });

  it('brings "purple skin" back into the natural range of skin hues', async () => {
    const portrait = await decodeRaw(photo('face-grace-hopper-navy-portrait.jpg'), 3);
    const faces = await detectFaces(portrait, pool);
    expect(faces.length).toBeGreaterThan(0);
    // Light short of green and strong in blue: the skin turns purple (CIELAB hue about 15 degrees).
    const purple = applyGains(portrait, [1, 0.7, 1.6]);
    const before = skinHue(purple, faces);
    expect(before < SKIN_HUES.from || before > SKIN_HUES.to).toBe(true);
    for (const cast of [undefined, 'magenta'] as const) {
      const hue = skinHue(correctColourCast(purple, { faces, cast }), faces);
      expect(hue, String(cast)).toBeGreaterThanOrEqual(SKIN_HUES.from);
      expect(hue, String(cast)).toBeLessThanOrEqual(SKIN_HUES.to);
    }
    // A natural portrait's skin is left where it is.
    const kept = correctColourCast(portrait, { faces });
    expect(Math.abs(skinHue(kept, faces) - skinHue(portrait, faces))).toBeLessThan(3);
  });
});
