import { describe, expect, it } from 'vitest';
import { letterBars, loadFixture, markedWith } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat, type FloatImage } from './float-image';
import { removeLeftoverMark } from './leftover-mark';

/** An inversion that removed `share` of the mark too much (above 0) or too little (below 0). */
function recoveredWith(
  photo: FloatImage,
  marked: Float32Array,
  alpha: Float32Array,
  share: number,
): FloatImage {
  const data = photo.data.slice();
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i] > 0)
      for (let k = 0; k < 3; k++) data[i * 3 + k] -= share * (marked[i * 3 + k] - data[i * 3 + k]);
  return { ...photo, data };
}

/** A fill independent of the mark, as a patch fill copies it from nearby: the photo 6 px along, plus `offset`. */
function shiftedFill(photo: FloatImage, mask: Uint8Array, offset = 0): FloatImage {
  const out = photo.data.slice();
  for (let i = 0; i < mask.length; i++)
    if (mask[i]) for (let k = 0; k < 3; k++) out[i * 3 + k] = photo.data[(i + 6) * 3 + k] + offset;
  return { ...photo, data: out };
}

/** RMS difference from the photo over the inverted pixels. */
function errorOf(image: FloatImage, photo: FloatImage, alpha: Float32Array): number {
  let se = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i] > 0)
      for (let k = 0; k < 3; k++) {
        se += (image.data[i * 3 + k] - photo.data[i * 3 + k]) ** 2;
        n++;
      }
  return Math.sqrt(se / n);
}

describe('removeLeftoverMark', () => {
  it.each([
    ['a dark copy of a white word taken too strongly', 0.3],
    ['a faint copy of the word left behind', -0.3],
  ])('takes out %s', async (_ghost, share) => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = letterBars(photo.width, photo.height);
    const marked = markedWith(photo, alpha, 255);
    const recovered = recoveredWith(photo, marked, alpha, share);
    const before = errorOf(recovered, photo, alpha);
    expect(removeLeftoverMark(recovered, shiftedFill(photo, mask), marked, mask, alpha)).toBeGreaterThan(0);
    expect(errorOf(recovered, photo, alpha)).toBeLessThan(0.5 * before);
  });

  it.each([
    ['a fill that copies the photo from nearby', 0],
    ['a fill a shade too dark', -25],
  ])('leaves a clean recovery as it is, against %s', async (_fill, offset) => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = letterBars(photo.width, photo.height);
    const marked = markedWith(photo, alpha, 255);
    const recovered = { ...photo, data: photo.data.slice() };
    removeLeftoverMark(recovered, shiftedFill(photo, mask, offset), marked, mask, alpha);
    expect(errorOf(recovered, photo, alpha)).toBeLessThan(1.5);
  });
});
