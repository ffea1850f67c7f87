import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { seededRandom } from '../../../lib/random';
import { detail, lightSpread, measure } from '../../../../test/support/image-measures';
import { photo } from '../../../../test/support/uploads';
import { blur, denoise, sharpen } from './filters';
import { cropEdges, cropToAspect, flip, resize, rotate } from './geometry';
import * as tone from './tone';
import { vignette } from './vignette';
import { blurRegion, boundsOfWeights, faceEllipses } from './blur-region';

const copy = (image: RawImage): RawImage => ({ ...image, data: Uint8Array.from(image.data) });
const apply = (image: RawImage, ...ops: tone.ColourOp[]) => tone.applyColourOps(image, ops);

describe('prompt-edit operations on a real photo', () => {
  let garden: RawImage;
  let coffee: RawImage;
  beforeAll(async () => {
    garden = await decodeRaw(await sharp(photo('Garden.jpg')).resize(640).toBuffer());
    coffee = await decodeRaw(photo('coffee.png'));
  });

  it.each([
    ['brighter', (i: RawImage) => apply(i, tone.brightness(0.2)), 1],
    ['darker', (i: RawImage) => apply(i, tone.brightness(-0.3)), -1],
  ])('%s moves the mean lightness the right way and keeps black and white', (_, op, sign) => {
    const sut = copy(coffee);
    op(sut);
    const change = measure(sut).light - measure(coffee).light;
    expect(Math.sign(change)).toBe(sign);
    expect(Math.abs(change)).toBeGreaterThan(8);
  });

  it('contrast spreads the tones without moving exposure much', () => {
    const sut = copy(garden);
    apply(sut, tone.contrast(0.3));
    expect(lightSpread(sut)).toBeGreaterThan(lightSpread(garden) * 1.1);
    expect(Math.abs(measure(sut).light - measure(garden).light)).toBeLessThan(6);
  });

  it('saturation makes colours vivid or muted; black and white has no chroma left', () => {
    const vivid = copy(coffee);
    apply(vivid, tone.saturation(0.4));
    const muted = copy(coffee);
    apply(muted, tone.saturation(-0.5));
    const grey = copy(coffee);
    apply(grey, tone.grayscale);
    expect(measure(vivid).chroma).toBeGreaterThan(measure(coffee).chroma * 1.2);
    expect(measure(muted).chroma).toBeLessThan(measure(coffee).chroma * 0.6);
    expect(measure(grey).chroma).toBeLessThan(1);
  });

  it('sepia is warm and low in chroma; warmer and cooler move red against blue', () => {
    const sepia = copy(garden);
    apply(sepia, tone.sepia);
    expect(measure(sepia).redMinusBlue).toBeGreaterThan(30);
    const warm = copy(garden);
    apply(warm, tone.warmth(0.3));
    const cool = copy(garden);
    apply(cool, tone.warmth(-0.3));
    expect(measure(warm).redMinusBlue).toBeGreaterThan(measure(garden).redMinusBlue + 10);
    expect(measure(cool).redMinusBlue).toBeLessThan(measure(garden).redMinusBlue - 10);
  });

  it('auto levels stretch a dull, dark copy back towards the full range', () => {
    const dull = copy(garden);
    for (let i = 0; i < dull.data.length; i++) dull.data[i] = 20 + dull.data[i] * 0.4;
    const sut = copy(dull);
    apply(sut, tone.autoLevels);
    expect(measure(sut).light).toBeGreaterThan(measure(dull).light + 30);
    expect(sut.data.reduce((a, b) => Math.max(a, b), 0)).toBeGreaterThan(240);
  });

  it('gives a run of operations in one pass the result of applying them one by one', () => {
    const ops = [
      tone.brightness(0.2),
      tone.contrast(0.3),
      tone.saturation(0.4),
      tone.warmth(-0.2),
      tone.autoLevels,
    ];
    const fused = copy(garden);
    apply(fused, ...ops);
    const stepwise = copy(garden);
    for (const op of ops) apply(stepwise, op);
    let worst = 0;
    for (let i = 0; i < fused.data.length; i++)
      worst = Math.max(worst, Math.abs(fused.data[i] - stepwise.data[i]));
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('keeps a cut-out alpha channel untouched', () => {
    const rgba: RawImage = {
      data: new Uint8Array([10, 20, 30, 77, 200, 100, 50, 0]),
      width: 2,
      height: 1,
      channels: 4,
    };
    apply(rgba, tone.brightness(0.5));
    apply(rgba, tone.sepia);
    expect([rgba.data[3], rgba.data[7]]).toEqual([77, 0]);
  });

  it('a vignette darkens the corners and leaves the middle; a negative one lightens them', () => {
    const { width, height, channels } = garden;
    const at = (image: RawImage, x: number, y: number) => {
      const i = (y * width + x) * channels;
      return image.data[i] + image.data[i + 1] + image.data[i + 2];
    };
    const corners = (image: RawImage) =>
      [
        [0, 0],
        [width - 1, 0],
        [0, height - 1],
        [width - 1, height - 1],
      ].reduce((sum, [x, y]) => sum + at(image, x, y), 0);
    const darker = vignette(garden, 0.5);
    const [cx, cy] = [Math.floor(width / 2), Math.floor(height / 2)];
    expect(at(darker, cx, cy)).toBe(at(garden, cx, cy));
    expect(corners(darker)).toBeLessThan(0.9 * corners(garden));
    expect(corners(vignette(garden, -0.5))).toBeGreaterThan(corners(garden));
    expect(vignette(garden, 0).data).toEqual(garden.data);
  });

  it('blurs a region past recognition and leaves the rest byte for byte', () => {
    const { width, height } = garden;
    const box = { x: 200, y: 100, width: 160, height: 120 };
    const faces = faceEllipses([box], width, height);
    const sut = blurRegion(garden, faces, boundsOfWeights(faces, width));
    const crop = (image: RawImage) => ({
      ...image,
      width: 80,
      height: 60,
      data: Uint8Array.from({ length: 80 * 60 * 3 }, (_, k) => {
        const [p, c] = [Math.floor(k / 3), k % 3];
        return image.data[((box.y + 30 + Math.floor(p / 80)) * width + box.x + 40 + (p % 80)) * 3 + c];
      }),
    });
    expect(detail(crop(sut))).toBeLessThan(0.35 * detail(crop(garden)));
    const changed = [...faces.keys()].filter((p) =>
      [0, 1, 2].some((c) => sut.data[p * 3 + c] !== garden.data[p * 3 + c]),
    );
    expect(changed.every((p) => faces[p] > 0)).toBe(true);
  });

  it('sharpen adds detail, blur and denoise take it away', async () => {
    const base = detail(garden);
    expect(detail(await sharpen(copy(garden), 0.5))).toBeGreaterThan(base * 1.1);
    expect(detail(await blur(copy(garden), 0.3))).toBeLessThan(base * 0.6);
    const noisy = copy(garden);
    const random = seededRandom(7);
    for (let i = 0; i < noisy.data.length; i++)
      noisy.data[i] = Math.max(0, Math.min(255, noisy.data[i] + Math.floor(random() * 41) - 20));
    const error = (i: RawImage) => {
      let sum = 0;
      for (let k = 0; k < i.data.length; k++) sum += Math.abs(i.data[k] - garden.data[k]);
      return sum / i.data.length;
    };
    expect(error(denoise(copy(noisy), 0.4))).toBeLessThan(error(noisy) * 0.75);
  });

  it('rotates, flips, crops to a shape or by the sides and resizes with exact sizes', async () => {
    const { width, height } = coffee;
    expect(await rotate(copy(coffee), 90)).toMatchObject({ width: height, height: width });
    expect(await rotate(copy(coffee), 180)).toMatchObject({ width, height });
    const mirrored = await flip(copy(coffee), 'horizontal');
    expect(mirrored.data.subarray(0, 3)).toEqual(coffee.data.subarray((width - 1) * 3, width * 3));
    expect(await cropToAspect(copy(coffee), { width: 1, height: 1 })).toMatchObject({
      width: height,
      height,
    });
    const wide = await cropToAspect(copy(coffee), { width: 16, height: 9 });
    expect(wide.width).toBe(width);
    expect(Math.abs(wide.height - (width * 9) / 16)).toBeLessThanOrEqual(1);
    const bottomThird = await cropEdges(copy(coffee), { bottom: 1 / 3 });
    expect(bottomThird).toMatchObject({ width, height: height - Math.round(height / 3) });
    expect(bottomThird.data.subarray(0, width * 3)).toEqual(coffee.data.subarray(0, width * 3));
    // (no wish empties the photo: a tenth of each side stays)
    expect(await cropEdges(copy(coffee), { left: 0.7, right: 0.7 })).toMatchObject({
      width: width - 2 * Math.round(0.45 * width),
    });
    expect(await resize(copy(coffee), { width: 300 }, 1e8)).toMatchObject({ width: 300, height: 200 });
    await expect(resize(copy(coffee), { width: 100_000 }, 36e6)).rejects.toThrow(/larger than your plan/);
  });
});
