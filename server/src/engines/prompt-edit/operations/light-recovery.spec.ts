import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { photo } from '../../../../test/support/uploads';
import { recoverLight } from './light-recovery';

const at = async (name: string, width: number) =>
  decodeRaw(await sharp(photo(name)).resize(width).toBuffer(), 3);
const mapped = (image: RawImage, f: (v: number) => number): RawImage => ({
  ...image,
  data: image.data.map((v) => Math.max(0, Math.min(255, Math.round(f(v))))),
});
const luma = (image: RawImage, p: number) =>
  0.299 * image.data[3 * p] + 0.587 * image.data[3 * p + 1] + 0.114 * image.data[3 * p + 2];
const pixels = (image: RawImage) => image.width * image.height;

/** Share of pixels with a channel at 250 or more: burnt, or nearly. */
function clippedShare(image: RawImage): number {
  let clipped = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    if (Math.max(image.data[i], image.data[i + 1], image.data[i + 2]) >= 250) clipped++;
  }
  return clipped / pixels(image);
}

/** Mean lightness difference of horizontal neighbours over the pixels `where` picks: the detail there. */
function detailWhere(image: RawImage, where: (p: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < pixels(image) - 1; p++) {
    if (p % image.width === image.width - 1 || !where(p)) continue;
    sum += Math.abs(luma(image, p) - luma(image, p + 1));
    count++;
  }
  return sum / count;
}

/** Mean lightness change from `before` to `after` over the pixels whose lightness in `before` is in range. */
function changeIn(before: RawImage, after: RawImage, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < pixels(before); p++) {
    const y = luma(before, p);
    if (y < from || y >= to) continue;
    sum += luma(after, p) - y;
    count++;
  }
  return sum / count;
}

describe('light recovery', () => {
  it.each(['Storm.jpg', 'astronaut.png'])(
    'brings highlight detail back to an overexposed copy of %s',
    async (name) => {
      const over = mapped(await at(name, 800), (v) => v * 1.6);
      const sut = recoverLight(over, { highlights: 1, shadows: 0 });
      expect(clippedShare(sut)).toBeLessThan(0.6 * clippedShare(over));
      // Where the overexposed copy is bright, its texture shows more strongly.
      const bright = (p: number) => luma(over, p) > 190;
      expect(detailWhere(sut, bright)).toBeGreaterThan(1.15 * detailWhere(over, bright));
    },
  );

  it.each(['astronaut.png', 'coffee.png'])(
    'lifts the shadows of a dark copy of %s while midtones and whites barely move',
    async (name) => {
      const dark = mapped(await at(name, 800), (v) => 255 * (v / 255) ** 2.2);
      const sut = recoverLight(dark, { highlights: 0, shadows: 1 });
      expect(changeIn(dark, sut, 0, 50)).toBeGreaterThan(15);
      expect(Math.abs(changeIn(dark, sut, 100, 150))).toBeLessThan(5);
      expect(Math.abs(changeIn(dark, sut, 230, 256))).toBeLessThan(1);
    },
  );

  it('leaves no halo along a strong edge', async () => {
    // A real photo, its left half darkened to a fifth: a long, strong edge down the middle.
    const image = await at('Garden.jpg', 800);
    const { width, height } = image;
    const edge = width >> 1;
    const dim = (v: number) => Math.round(v * 0.2);
    const split = {
      ...image,
      data: image.data.map((v, i) => (Math.floor(i / 3) % width < edge ? dim(v) : v)),
    };
    const dark = mapped(image, dim);
    const options = { highlights: 1, shadows: 1 };
    const sut = recoverLight(split, options);
    // Each side should change as it does with no edge beside it (the whole photo dark, or as it was).
    const alone = { dark: recoverLight(dark, options), bright: recoverLight(image, options) };
    const strayNear = (from: number, to: number) => {
      let stray = 0;
      let lift = 0;
      for (let y = 0; y < height; y++) {
        for (let x = from; x < to; x++) {
          const p = y * width + x;
          const [before, after] = x < edge ? [dark, alone.dark] : [image, alone.bright];
          const own = luma(after, p) - luma(before, p);
          stray += Math.abs(luma(sut, p) - luma(split, p) - own);
          lift += Math.abs(own);
        }
      }
      return { stray: stray / (height * (to - from)), lift: lift / (height * (to - from)) };
    };
    const darkSide = strayNear(edge - 8, edge);
    const brightSide = strayNear(edge, edge + 8);
    expect(darkSide.lift).toBeGreaterThan(25);
    expect(darkSide.stray).toBeLessThan(5);
    expect(darkSide.stray).toBeLessThan(0.15 * darkSide.lift);
    expect(brightSide.stray).toBeLessThan(5);
  });

  it('keeps each pixel’s colour ratios', async () => {
    const dark = mapped(await at('coffee.png', 600), (v) => 255 * (v / 255) ** 2);
    const sut = recoverLight(dark, { highlights: 0.5, shadows: 1 });
    let worst = 0;
    for (let i = 0; i < dark.data.length; i += 3) {
      const [r, g, b] = [dark.data[i], dark.data[i + 1], dark.data[i + 2]];
      if (Math.min(r, g, b) < 20 || Math.max(sut.data[i], sut.data[i + 1], sut.data[i + 2]) >= 250) continue;
      // Red to blue and green to blue, before and after, within rounding.
      const ratio = (a: number, c: number, d: number, e: number) => Math.abs(a / c - d / e) / (a / c);
      worst = Math.max(
        worst,
        ratio(r, b, sut.data[i], sut.data[i + 2]),
        ratio(g, b, sut.data[i + 1], sut.data[i + 2]),
      );
    }
    expect(worst).toBeLessThan(0.06);
  });

  it('leaves its input as it was, and the photo as it is at zero', async () => {
    const image = await at('coffee.png', 300);
    const copy = Uint8Array.from(image.data);
    const sut = recoverLight(image, { highlights: 0.6, shadows: 0.6 });
    const differing = (a: Uint8Array) => a.reduce((n, v, i) => n + (v === copy[i] ? 0 : 1), 0);
    expect(differing(image.data)).toBe(0);
    expect(differing(sut.data)).toBeGreaterThan(0);
    expect(differing(recoverLight(image, { highlights: 0, shadows: 0 }).data)).toBe(0);
  });
});
