import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { composeCutout } from './compose';

const FIXTURES = new URL('../../../test/fixtures/background-removal/', import.meta.url);
const PHOTOS = new URL('../../../../assets/photos/', import.meta.url);

/** Coffee photo with the model's real matte for it (see bench/background-removal/make-fixtures.ts). */
let image: RawImage;
let matte: Uint8Array;
beforeAll(async () => {
  image = await decodeRaw(await readFile(new URL('coffee.png', PHOTOS)), 3);
  const band = await sharp(await readFile(new URL('coffee.matte.png', FIXTURES)))
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  matte = new Uint8Array(band);
});

/** Pixels where the matte is certain, split by side. */
function region(side: 'subject' | 'background') {
  const out: number[] = [];
  for (let i = 0; i < matte.length; i++)
    if (side === 'subject' ? matte[i] === 255 : matte[i] === 0) out.push(i);
  return out;
}

/** composeCutout writes over the photo it is given: each test gives it a copy. */
const photo = (): RawImage => ({ ...image, data: image.data.slice() });

function meanAbsDiff(a: Uint8Array, b: Uint8Array, pixels: number[], channels: number) {
  let sum = 0;
  for (const i of pixels) for (let c = 0; c < 3; c++) sum += Math.abs(a[i * channels + c] - b[i * 3 + c]);
  return sum / (pixels.length * 3);
}

/** Mean absolute difference between horizontal neighbours: high for wood grain, low once blurred. */
function roughness(data: Uint8Array, width: number, pixels: number[], channels: number) {
  let sum = 0;
  for (const i of pixels) if (i % width) sum += Math.abs(data[i * channels] - data[(i - 1) * channels]);
  return sum / pixels.length;
}

describe('composeCutout', () => {
  it('transparent: alpha is the matte and the subject keeps its colours', async () => {
    const { rgb, alpha } = await composeCutout(photo(), matte, {
      backdrop: { kind: 'transparent' },
      shadow: false,
    });
    expect(rgb).toMatchObject({ width: 600, height: 400, channels: 3 });
    expect(alpha).toEqual(matte);
    expect(meanAbsDiff(rgb.data, image.data, region('subject'), 3)).toBe(0);
    // The removed background is not kept behind a zero alpha, where any viewer could bring it back.
    const kept = region('background').filter(
      (i) => rgb.data[i * 3] | rgb.data[i * 3 + 1] | rgb.data[i * 3 + 2],
    );
    expect(kept).toEqual([]);
  });

  it('colour: the background becomes exactly the colour, the subject stays', async () => {
    const { rgb: sut, alpha } = await composeCutout(photo(), matte, {
      backdrop: { kind: 'color', color: '#2040ff' },
      shadow: false,
    });
    expect(alpha).toBeUndefined();
    expect(sut.channels).toBe(3);
    const off = region('background').filter(
      (i) => sut.data[i * 3] !== 32 || sut.data[i * 3 + 1] !== 64 || sut.data[i * 3 + 2] !== 255,
    );
    expect(off).toEqual([]);
    expect(meanAbsDiff(sut.data, image.data, region('subject'), 3)).toBe(0);
  });

  it('blur: the background keeps its colours but loses its texture, the subject stays sharp', async () => {
    const { rgb: sut } = await composeCutout(photo(), matte, { backdrop: { kind: 'blur' }, shadow: false });
    const background = region('background');
    const before = roughness(image.data, 600, background, 3);
    const after = roughness(sut.data, 600, background, 3);
    expect(after).toBeLessThan(before / 3);
    expect(meanAbsDiff(sut.data, image.data, background, 3)).toBeLessThan(40);
    expect(meanAbsDiff(sut.data, image.data, region('subject'), 3)).toBe(0);
  });

  it('shadow: darkens the backdrop just below the subject, much more than just above it', async () => {
    const { rgb: plain } = await composeCutout(photo(), matte, {
      backdrop: { kind: 'color', color: '#ffffff' },
      shadow: false,
    });
    const { rgb: sut } = await composeCutout(photo(), matte, {
      backdrop: { kind: 'color', color: '#ffffff' },
      shadow: true,
    });
    const darkening = (offset: number) => {
      let sum = 0;
      let count = 0;
      for (let y = 10; y < 390; y++)
        for (let x = 0; x < 600; x++) {
          const i = y * 600 + x;
          if (matte[i] !== 0 || matte[i + offset * 600] < 250) continue;
          sum += plain.data[i * 3] - sut.data[i * 3];
          count++;
        }
      return sum / count;
    };
    expect(darkening(-8)).toBeGreaterThan(40);
    expect(darkening(8)).toBeLessThan(darkening(-8) / 2);
  });

  it('transparent with shadow: the shadow is semi-transparent black outside the subject', async () => {
    // The matte becomes the result's alpha in place: compose a copy to compare with the original.
    const { rgb, alpha } = await composeCutout(photo(), matte.slice(), {
      backdrop: { kind: 'transparent' },
      shadow: true,
    });
    let shaded = 0;
    for (let i = 0; i < matte.length; i++) {
      if (matte[i] === 0 && alpha![i] > 20 && rgb.data[i * 3] === 0) shaded++;
    }
    expect(shaded).toBeGreaterThan(1000);
  });
});
