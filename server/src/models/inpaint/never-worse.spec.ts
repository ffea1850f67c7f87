import { describe, expect, it } from 'vitest';
import { letterBars, loadFixture, markedWith } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat, type FloatImage } from './float-image';
import { chooseRecoveredOrFill } from './never-worse';

/** A fill independent of the mark: the photo 6 px along, as a patch fill copies it from nearby. */
function shiftedFill(photo: FloatImage, mask: Uint8Array): FloatImage {
  const { data } = photo;
  const out = data.slice();
  for (let i = 0; i < mask.length; i++)
    if (mask[i]) for (let k = 0; k < 3; k++) out[i * 3 + k] = data[(i + 6) * 3 + k];
  return { ...photo, data: out };
}

describe('chooseRecoveredOrFill', () => {
  it('keeps recovered pixels that look like the photo around them', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = letterBars(photo.width, photo.height);
    const choice = chooseRecoveredOrFill(
      photo,
      shiftedFill(photo, mask),
      markedWith(photo, alpha, 255),
      mask,
      alpha,
    );
    expect(choice.regionsFilled).toBe(0);
    expect(Math.max(...choice.fillWeight)).toBe(0);
  });

  it('takes the fill where the recovered pixels show a blotch of a foreign colour', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = letterBars(photo.width, photo.height);
    const recovered = { ...photo, data: photo.data.slice() };
    for (let i = 0; i < mask.length; i++) if (mask[i]) recovered.data.set([40, 255, 40], i * 3);
    const choice = chooseRecoveredOrFill(recovered, photo, markedWith(photo, alpha, 255), mask, alpha);
    expect(choice.regionsFilled).toBeGreaterThan(0);
    for (let i = 0; i < mask.length; i++) if (mask[i]) expect(choice.fillWeight[i]).toBeGreaterThan(0.5);
  });

  it('takes the fill where the mark is still readable along its outline', async () => {
    const photo = toFloat(await loadFixture('wood-192x128.png'));
    const { mask, alpha } = letterBars(photo.width, photo.height);
    const recovered = { ...photo, data: photo.data.slice() };
    // A dark mark left in: the bars stay 90 levels darker than the wood between them, their edges several
    // times stronger than the wood's own.
    for (let i = 0; i < mask.length; i++)
      if (alpha[i] > 0) for (let k = 0; k < 3; k++) recovered.data[i * 3 + k] -= 90;
    const choice = chooseRecoveredOrFill(recovered, photo, markedWith(photo, alpha, 0), mask, alpha);
    expect(choice.regionsFilled).toBeGreaterThan(0);
  });

  it('takes the fill where inversion moved the pixels away from it: what was inverted was no mark', async () => {
    const photo = toFloat(await loadFixture('wood-192x128.png'));
    const { width: w, height: h } = photo;
    // A box painted around a small mark: nothing of it is marked, but a dark overlay at 0.85 was "inverted"
    // out of the photo, which blows the photo's own variations up six and a half times.
    const mask = new Uint8Array(w * h);
    const alpha = new Float32Array(w * h);
    for (let y = 50; y < 80; y++)
      for (let x = 60; x < 130; x++) {
        mask[y * w + x] = 1;
        alpha[y * w + x] = 0.85;
      }
    const recovered = { ...photo, data: photo.data.slice() };
    for (let i = 0; i < mask.length; i++)
      if (mask[i])
        for (let k = 0; k < 3; k++) {
          const v = (photo.data[i * 3 + k] - 0.85 * 20) / 0.15;
          recovered.data[i * 3 + k] = Math.min(255, Math.max(0, v));
        }
    const choice = chooseRecoveredOrFill(recovered, shiftedFill(photo, mask), photo.data, mask, alpha);
    for (let i = 0; i < mask.length; i++) if (mask[i]) expect(choice.fillWeight[i]).toBeGreaterThan(0.5);
  });

  it('does not hold against the pixels returned as they were the colours found nowhere around', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { width: w, height: h } = photo;
    // A box painted around a mark that covers its left part only; in the right part, left as it was
    // (opacity 0), the photo has something of its own that the ring around lacks (a violet flower).
    const mask = new Uint8Array(w * h);
    const alpha = new Float32Array(w * h);
    const input = { ...photo, data: photo.data.slice() };
    for (let y = 44; y < 84; y++)
      for (let x = 66; x < 142; x++) {
        const i = y * w + x;
        mask[i] = 1;
        alpha[i] = x < 96 ? 0.5 : 0;
        if (x >= 104 && x < 134 && y >= 50 && y < 78) input.data.set([150, 40, 230], i * 3);
      }
    const choice = chooseRecoveredOrFill(
      input,
      shiftedFill(photo, mask),
      markedWith(input, alpha, 255),
      mask,
      alpha,
    );
    expect(choice.regionsFilled).toBe(0);
  });
});
