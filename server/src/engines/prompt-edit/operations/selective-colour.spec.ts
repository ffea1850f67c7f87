import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { LANDMARKS } from '../../../models/face/landmarks';
import { outline, scalePolygon } from '../../../models/face/regions';
import { createWorkerPool } from '../../../inference/pool';
import { polygonOver } from '../../../../test/support/face-paint';
import { portrait, type Portrait } from '../../../../test/support/portraits';
import { photo } from '../../../../test/support/uploads';
import { hueOf, keepEyes, keepHue, keepLips, keepObject, selectiveColour } from './selective-colour';

/** Max minus min channel: 0 for a grey. */
function chromaAt(image: RawImage, p: number): number {
  const i = p * image.channels;
  const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
  return Math.max(r, g, b) - Math.min(r, g, b);
}

function meanChroma(image: RawImage, where: (p: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < image.width * image.height; p++) {
    if (!where(p)) continue;
    sum += chromaAt(image, p);
    count++;
  }
  return count ? sum / count : NaN;
}

/** Pixels a person calls `red` or `green` without a second look. */
function plainly(image: RawImage, colour: 'red' | 'green'): (p: number) => boolean {
  return (p) => {
    const i = p * image.channels;
    const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
    return colour === 'red' ? r > 120 && g < 0.35 * r && b < 0.35 * r : g > r + 30 && g > b + 20;
  };
}

const share = (image: RawImage, where: (p: number) => boolean, test: (p: number) => boolean) => {
  let hits = 0;
  let count = 0;
  for (let p = 0; p < image.width * image.height; p++) {
    if (!where(p)) continue;
    count++;
    if (test(p)) hits++;
  }
  return hits / count;
};

describe('selective colour on real photos', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());
  let astronaut: Portrait;
  let garden: RawImage;
  beforeAll(async () => {
    astronaut = await portrait('astronaut.png', pool, 3);
    garden = await decodeRaw(await sharp(photo('Garden.jpg')).resize(1800).toBuffer(), 3);
  });

  it('"except her eyes": the irises keep their colour, everything else goes grey', () => {
    const { image, faces } = astronaut;
    const keep = keepEyes(faces, image.width, image.height);
    const sut = selectiveColour(image, keep);
    // The eyes' middles: the outlines shrunk to half, mostly iris (her brown irises, chroma 40).
    const irises = [LANDMARKS.rightEye, LANDMARKS.leftEye].map((eye) =>
      polygonOver(image, scalePolygon(outline(faces[0], eye), 0.5)),
    );
    const inIris = (p: number) => irises[0][p] > 0 || irises[1][p] > 0;
    // Measured: the irises' mean chroma 39.9 -> 39.6, the rest's 49.7 -> 0.
    expect(meanChroma(image, inIris)).toBeGreaterThan(25);
    expect(meanChroma(sut, inIris)).toBeGreaterThan(0.95 * meanChroma(image, inIris));
    expect(meanChroma(sut, (p) => keep[p] === 0)).toBe(0);
    expect(meanChroma(image, (p) => keep[p] === 0)).toBeGreaterThan(20);
  });

  it('"except her lips": the lips keep their colour, the teeth between them and the skin round them go grey', () => {
    const { image, faces } = astronaut;
    const keep = keepLips(faces, image.width, image.height);
    const sut = selectiveColour(image, keep);
    const outer = polygonOver(image, scalePolygon(outline(faces[0], LANDMARKS.lipsOuter), 0.97));
    const inner = polygonOver(image, scalePolygon(outline(faces[0], LANDMARKS.lipsInner), 1.1));
    const lip = (p: number) => outer[p] > 0 && inner[p] === 0;
    expect(meanChroma(sut, lip)).toBeGreaterThan(0.8 * meanChroma(image, lip));
    expect(meanChroma(sut, (p) => keep[p] === 0)).toBe(0);
    // The teeth keep a trace of colour only where they meet the lips. Measured: chroma 21 -> 3.8.
    const mouth = polygonOver(image, scalePolygon(outline(faces[0], LANDMARKS.lipsInner), 0.7));
    const inMouth = (p: number) => mouth[p] > 0;
    expect(meanChroma(sut, inMouth)).toBeLessThan(0.25 * meanChroma(image, inMouth));
  });

  it('"except the red": a red flower keeps its colour, the green garden round it goes grey', () => {
    const keep = keepHue(garden, 'red')!;
    const sut = selectiveColour(garden, keep);
    const red = plainly(garden, 'red');
    const green = plainly(garden, 'green');
    // Measured: 96 % of the plainly red pixels kept whole (chroma 167 -> 163), 99.99 % of the green ones grey.
    expect(share(garden, red, (p) => keep[p] > 0.9)).toBeGreaterThan(0.9);
    expect(share(garden, green, (p) => keep[p] < 0.05)).toBeGreaterThan(0.98);
    expect(meanChroma(sut, red)).toBeGreaterThan(0.9 * meanChroma(garden, red));
    expect(meanChroma(sut, green)).toBeLessThan(2);
  });

  it('"except the red cup": the cup and saucer stay red, the white cup and the coffee go grey', async () => {
    const coffee = await decodeRaw(photo('coffee.png'), 3);
    const keep = keepHue(coffee, 'red')!;
    const red = plainly(coffee, 'red');
    const whiteOrCrema = (p: number) => {
      const i = p * 3;
      const [r, g, b] = [coffee.data[i], coffee.data[i + 1], coffee.data[i + 2]];
      return r > 150 && g > 0.6 * r && b > 0.4 * r; // the cup's white inside and the light crema
    };
    expect(share(coffee, red, (p) => keep[p] > 0.9)).toBeGreaterThan(0.9);
    expect(share(coffee, whiteOrCrema, (p) => keep[p] < 0.1)).toBeGreaterThan(0.9);
  });

  it('knows the colours people name, and says so when it does not', () => {
    expect(hueOf('Red')).toBe('red');
    expect(hueOf('blues')).toBe('blue');
    expect(hueOf('violet')).toBe('purple');
    expect(hueOf('turquoise')).toBe('blue');
    expect(hueOf('beige')).toBeNull();
    expect(keepHue(garden, 'beige')).toBeNull();
  });

  it('softens an object mask over a few pixels, and can take a removal mask’s growth back', () => {
    const [width, height] = [200, 100];
    const mask = new Uint8Array(width * height);
    for (let y = 30; y < 70; y++) for (let x = 50; x < 150; x++) mask[y * width + x] = 1;
    const sut = keepObject(mask, width, height);
    expect(sut[50 * width + 100]).toBe(1);
    expect(sut[50 * width + 10]).toBe(0);
    const across = Array.from({ length: 8 }, (_, k) => sut[50 * width + 46 + k]);
    expect(across.some((v) => v > 0.05 && v < 0.95)).toBe(true);
    expect([...across].sort((a, b) => a - b)).toEqual(across);
    // Four pixels taken back: the fade starts four pixels further in.
    const shrunk = keepObject(mask, width, height, 4);
    expect(sut[50 * width + 50]).toBeGreaterThan(0.5);
    expect(shrunk[50 * width + 50]).toBe(0);
    expect(shrunk[50 * width + 58]).toBe(1);
  });

  it('keeps a photo’s alpha as it was', () => {
    const image: RawImage = {
      data: new Uint8Array([200, 40, 40, 77, 40, 200, 40, 128]),
      width: 2,
      height: 1,
      channels: 4,
    };
    const out = selectiveColour(image, new Float32Array([1, 0]));
    expect([out.data[3], out.data[7]]).toEqual([77, 128]);
    expect(out.data[4]).toBe(out.data[5]);
  });
});
