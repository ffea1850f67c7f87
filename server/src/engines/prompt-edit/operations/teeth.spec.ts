import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawImage } from '../../../lib/image/raw-image';
import { LANDMARKS } from '../../../models/face/landmarks';
import { outline } from '../../../models/face/regions';
import { createWorkerPool } from '../../../inference/pool';
import { changedPixels, copyOf, polygonOver } from '../../../../test/support/face-paint';
import { portrait, type Portrait } from '../../../../test/support/portraits';
import { toLab } from './lab';
import { mouthOpening, whitenTeeth } from './teeth';

const lab = new Float32Array(3);
const labAt = (image: RawImage, p: number) => {
  const i = p * image.channels;
  toLab(image.data[i], image.data[i + 1], image.data[i + 2], lab);
  return [lab[0], lab[1], lab[2]] as const;
};

/** Mean L*, a*, b* of `image` over the pixels `where` picks. */
function meanLab(image: RawImage, where: readonly number[]) {
  const sum = [0, 0, 0];
  for (const p of where) labAt(image, p).forEach((v, k) => (sum[k] += v));
  return { l: sum[0] / where.length, a: sum[1] / where.length, b: sum[2] / where.length };
}

/** The mouth's pixels: teeth (light, not red, inside the opening) and lips (red, inside the outer lip line). */
function mouthParts({ image, faces }: Portrait) {
  const opening = polygonOver(image, mouthOpening(faces[0]));
  const outer = polygonOver(image, outline(faces[0], LANDMARKS.lipsOuter));
  const teeth: number[] = [];
  const lips: number[] = [];
  for (let p = 0; p < outer.length; p++) {
    if (!outer[p]) continue;
    const [l, a] = labAt(image, p);
    if (opening[p] && l > 60 && a < 8) teeth.push(p);
    else if (a > 12) lips.push(p);
  }
  return { teeth, lips, outer };
}

describe('whitenTeeth on real smiles', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());
  // The astronaut's broad smile, three times enlarged (2.4 megapixels): her teeth a little yellow (b* 10).
  let astronaut: Portrait;
  beforeAll(async () => {
    astronaut = await portrait('astronaut.png', pool, 3);
  });

  it('takes yellow out of the teeth and lightens them a little; lips and the rest of the photo stay', () => {
    const { teeth, lips, outer } = mouthParts(astronaut);
    const sut = whitenTeeth(astronaut.image, astronaut.faces, 1);
    const before = meanLab(astronaut.image, teeth);
    const after = meanLab(sut, teeth);
    // Measured: b* 10.0 -> 5.3, L* 86.9 -> 88.7 over 962 tooth pixels.
    expect(teeth.length).toBeGreaterThan(500);
    expect(after.b).toBeLessThan(before.b * 0.65);
    expect(after.b).toBeGreaterThan(2); // still a natural warm white, not blue-grey
    expect(after.l).toBeGreaterThan(before.l + 0.5);
    const lipsBefore = meanLab(astronaut.image, lips);
    const lipsAfter = meanLab(sut, lips);
    expect(Math.abs(lipsAfter.a - lipsBefore.a)).toBeLessThan(0.5);
    expect(Math.abs(lipsAfter.b - lipsBefore.b)).toBeLessThan(0.5);
    expect(changedPixels(astronaut.image, sut).filter((p) => !outer[p])).toEqual([]);
  });

  it('whitens in proportion to the amount, and not at all at 0', () => {
    const { teeth } = mouthParts(astronaut);
    const yellow = (amount: number) =>
      meanLab(whitenTeeth(astronaut.image, astronaut.faces, amount), teeth).b;
    expect(yellow(0)).toBeCloseTo(meanLab(astronaut.image, teeth).b, 5);
    expect(yellow(0.5)).toBeLessThan(yellow(0));
    expect(yellow(1)).toBeLessThan(yellow(0.5));
  });

  it('whitens teeth stained yellow in a laughing face of a group photo', async () => {
    const band = await portrait('fixture:detect/face-mariachi-band-smiling.jpg', pool, 2);
    const { teeth, lips } = mouthParts(band);
    // Stain the laughing man's teeth: less blue, a little less green (b* up by about 15).
    const stained = copyOf(band.image);
    for (const p of teeth) {
      stained.data[p * 3 + 1] -= 6;
      stained.data[p * 3 + 2] -= 30;
    }
    const sut = whitenTeeth(stained, band.faces, 1);
    // Measured: b* 5.1 as photographed, 18.7 stained, 7.9 whitened; L* 63.1 -> 68.2 over 484 tooth pixels.
    const before = meanLab(stained, teeth);
    const after = meanLab(sut, teeth);
    expect(before.b).toBeGreaterThan(15);
    expect(after.b).toBeLessThan(before.b * 0.6);
    expect(Math.abs(meanLab(sut, lips).a - meanLab(stained, lips).a)).toBeLessThan(0.5);
  });

  it('leaves a closed mouth alone: nothing light between lips is teeth', async () => {
    // Grace Hopper's lips are closed; the yawning man's beard lies where his shut mouth's mesh is.
    for (const name of ['face-grace-hopper-navy-portrait.jpg', 'face-man-yawning-glasses-beard.jpg']) {
      const { image, faces } = await portrait(name, pool);
      expect(faces.length).toBeGreaterThan(0);
      expect(changedPixels(image, whitenTeeth(image, faces, 1))).toEqual([]);
    }
  });
});
