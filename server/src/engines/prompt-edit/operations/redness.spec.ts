import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { LANDMARKS } from '../../../models/face/landmarks';
import { faceRegions, outline } from '../../../models/face/regions';
import { createWorkerPool } from '../../../inference/pool';
import { changedPixels, paintRedCheek, polygonOver, weightedMean } from '../../../../test/support/face-paint';
import { portrait, type Portrait } from '../../../../test/support/portraits';
import { photo } from '../../../../test/support/uploads';
import { toLab } from './lab';
import { reduceRedness } from './redness';

const lab = new Float32Array(3);
const channel = (k: number) => (r: number, g: number, b: number) => (toLab(r, g, b, lab), lab[k]);
const [lightness, redGreen] = [channel(0), channel(1)];
const chroma = (r: number, g: number, b: number) => (toLab(r, g, b, lab), Math.hypot(lab[1], lab[2]));

/** The face's skin away from the painted patch, as weights over the whole image; its lips and eyes, 0/1. */
function parts({ image, faces }: Portrait, patch: Float32Array) {
  const { roi, skin } = faceRegions(faces[0], image.width, image.height);
  const whole = (plane: Float32Array, keep: (p: number) => boolean = () => true) => {
    const out = new Float32Array(image.width * image.height);
    for (let y = 0; y < roi.height; y++)
      for (let x = 0; x < roi.width; x++) {
        const p = (roi.y + y) * image.width + roi.x + x;
        if (keep(p)) out[p] = plane[y * roi.width + x];
      }
    return out;
  };
  const lips = polygonOver(image, outline(faces[0], LANDMARKS.lipsOuter));
  const eyes = [LANDMARKS.rightEye, LANDMARKS.leftEye].map((eye) =>
    polygonOver(image, outline(faces[0], eye)),
  );
  return {
    rest: whole(skin, (p) => patch[p] === 0),
    lips,
    eyes: lips.map((_, p) => Math.max(eyes[0][p], eyes[1][p])),
  };
}

const core = (patch: Float32Array) => patch.map((v) => (v >= 1 ? 1 : 0));

describe('reduceRedness on real faces', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());
  let astronaut: Portrait;
  beforeAll(async () => {
    astronaut = await portrait('astronaut.png', pool, 3);
  });

  it.each([
    ['the astronaut (fair skin, even light)', 'astronaut.png', 3],
    ['Grace Hopper (an old print, skin already very red)', 'face-grace-hopper-navy-portrait.jpg', 2],
  ])('calms a sunburnt cheek to the rest of the skin, keeping its tone: %s', async (_, name, scale) => {
    const face = name === 'astronaut.png' ? astronaut : await portrait(name, pool, scale);
    const { image: burnt, patch } = paintRedCheek(face.image, face.faces[0]);
    const sut = reduceRedness(burnt, face.faces, 1);
    const inPatch = core(patch);
    const { rest, lips, eyes } = parts(face, patch);
    const skinA = weightedMean(face.image, rest, redGreen, 0.8);
    // Measured: a* of the patch 8.3 -> 27.9 burnt -> 10.7 (skin 8.3); Grace Hopper 27.3 -> 48.3 -> 28.2 (25.9).
    expect(weightedMean(burnt, inPatch, redGreen)).toBeGreaterThan(skinA + 15);
    expect(weightedMean(sut, inPatch, redGreen)).toBeLessThan(skinA + 4);
    // Not greyed or darkened: chroma no lower than the unburnt cheek's, lightness as it was.
    expect(weightedMean(sut, inPatch, chroma)).toBeGreaterThan(
      0.95 * weightedMean(face.image, inPatch, chroma),
    );
    expect(
      Math.abs(weightedMean(sut, inPatch, lightness) - weightedMean(burnt, inPatch, lightness)),
    ).toBeLessThan(1);
    const changed = changedPixels(burnt, sut);
    expect(changed.filter((p) => lips[p] || eyes[p])).toEqual([]);
  });

  it('barely touches a face without sunburn', () => {
    const sut = reduceRedness(astronaut.image, astronaut.faces, 1);
    const { rest } = parts(astronaut, new Float32Array(astronaut.image.width * astronaut.image.height));
    // Measured: the skin's mean a* 8.3 -> 7.4; the pinker quarter of the skin loses its blush, no more.
    const before = weightedMean(astronaut.image, rest, redGreen, 0.8);
    expect(before - weightedMean(sut, rest, redGreen, 0.8)).toBeLessThan(1.5);
  });

  it('without a face, calms the skin-coloured pixels of the photo', () => {
    const { image: burnt, patch } = paintRedCheek(astronaut.image, astronaut.faces[0]);
    const sut = reduceRedness(burnt, [], 1);
    const inPatch = core(patch);
    // Measured: 27.9 -> 9.8 (the face's own skin 8.3).
    expect(weightedMean(sut, inPatch, redGreen)).toBeLessThan(weightedMean(burnt, inPatch, redGreen) - 10);
    expect(weightedMean(sut, inPatch, chroma)).toBeGreaterThan(
      0.9 * weightedMean(astronaut.image, inPatch, chroma),
    );
  });

  it('leaves a photo without skin alone, and a black-and-white one untouched', async () => {
    const garden = await decodeRaw(await sharp(photo('Garden.jpg')).resize(1280).toBuffer(), 3);
    // The red flower's pale rims are skin-coloured, but 1 % of a photo is no skin to speak of.
    expect(Buffer.compare(reduceRedness(garden, [], 1).data, garden.data)).toBe(0);
    const grey: RawImage = {
      ...garden,
      channels: 1,
      data: garden.data.subarray(0, garden.width * garden.height),
    };
    expect(Buffer.compare(reduceRedness(grey, [], 1).data, grey.data)).toBe(0);
  });
});
