import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawImage } from '../../../lib/image/raw-image';
import { createWorkerPool } from '../../../inference/pool';
import { changedPixels, eyesOver, weightedMean } from '../../../../test/support/face-paint';
import { portrait, type Portrait } from '../../../../test/support/portraits';
import { toLab } from './lab';
import { brightenEyes, liftAt } from './eye-brighten';

const lab = new Float32Array(3);
const lightness = (r: number, g: number, b: number) => (toLab(r, g, b, lab), lab[0]);
const chroma = (r: number, g: number, b: number) => (toLab(r, g, b, lab), Math.hypot(lab[1], lab[2]));

describe('brightenEyes on a real portrait', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());
  // The astronaut's portrait three times enlarged: eyes about 60 px wide, brown irises, clean whites.
  let astronaut: Portrait;
  beforeAll(async () => {
    astronaut = await portrait('astronaut.png', pool, 3);
  });

  it('lifts the eyes and their colour, and nothing beyond their outline', () => {
    const { image, faces } = astronaut;
    const sut = brightenEyes(image, faces, 1);
    const eyes = eyesOver(image, astronaut.faces[0]);
    const [before, after] = [image, sut].map((im) => weightedMean(im, eyes, lightness));
    expect(after - before).toBeGreaterThan(4);
    const [dull, vivid] = [image, sut].map((im) => weightedMean(im, eyes, chroma));
    expect(vivid).toBeGreaterThan(dull);
    expect(changedPixels(image, sut).filter((p) => !eyes[p])).toEqual([]);
  });

  it('keeps the pupils dark', () => {
    const { image, faces } = astronaut;
    const sut = brightenEyes(image, faces, 1);
    const eyes = eyesOver(image, astronaut.faces[0]);
    // The darkest tenth of the eyes' pixels: the pupils and the lashes' roots.
    const inEyes = [...eyes.keys()].filter((p) => eyes[p] > 0.5);
    const l = (im: RawImage, p: number) => lightness(im.data[p * 3], im.data[p * 3 + 1], im.data[p * 3 + 2]);
    const darkest = inEyes.sort((p, q) => l(image, p) - l(image, q)).slice(0, Math.ceil(inEyes.length / 10));
    const lift = darkest.reduce((s, p) => s + l(sut, p) - l(image, p), 0) / darkest.length;
    expect(lift).toBeLessThan(2);
    expect(liftAt(10)).toBe(0);
    expect(liftAt(45)).toBeGreaterThan(liftAt(85));
  });

  it('returns a photo without faces, or at no strength, byte for byte', () => {
    const { image, faces } = astronaut;
    expect(changedPixels(image, brightenEyes(image, [], 1))).toEqual([]);
    expect(changedPixels(image, brightenEyes(image, faces, 0))).toEqual([]);
  });
});
