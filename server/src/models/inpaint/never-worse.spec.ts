import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat } from './float-image';
import { chooseRecoveredOrFill } from './never-worse';

/** A 60x40 mark in the middle of the photo: its mask, and an opacity that steps at its outline. */
function markOn(w: number, h: number) {
  const mask = new Uint8Array(w * h);
  const alpha = new Float32Array(w * h);
  for (let y = 44; y < 84; y++)
    for (let x = 66; x < 126; x++) {
      mask[y * w + x] = 1;
      // Letters: vertical bars of opacity 0.5 with gaps, as text leaves them.
      alpha[y * w + x] = x % 8 < 4 ? 0.5 : 0;
    }
  return { mask, alpha };
}

describe('chooseRecoveredOrFill', () => {
  it('keeps recovered pixels that look like the photo around them', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = markOn(photo.width, photo.height);
    const filled = { ...photo, data: photo.data.slice() };
    for (let i = 0; i < mask.length; i++) if (mask[i]) filled.data.fill(128, i * 3, i * 3 + 3);
    const choice = chooseRecoveredOrFill(photo, filled, mask, alpha);
    expect(choice.regionsFilled).toBe(0);
    expect(Math.max(...choice.fillWeight)).toBe(0);
  });

  it('takes the fill where the recovered pixels show a blotch of a foreign colour', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { mask, alpha } = markOn(photo.width, photo.height);
    const recovered = { ...photo, data: photo.data.slice() };
    for (let i = 0; i < mask.length; i++) if (mask[i]) recovered.data.set([40, 255, 40], i * 3);
    const choice = chooseRecoveredOrFill(recovered, photo, mask, alpha);
    expect(choice.regionsFilled).toBeGreaterThan(0);
    for (let i = 0; i < mask.length; i++) if (mask[i]) expect(choice.fillWeight[i]).toBeGreaterThan(0.5);
  });

  it('takes the fill where the mark is still readable along its outline', async () => {
    const photo = toFloat(await loadFixture('wood-192x128.png'));
    const { mask, alpha } = markOn(photo.width, photo.height);
    const recovered = { ...photo, data: photo.data.slice() };
    // A dark mark left in: the bars stay 90 levels darker than the wood between them, their edges several
    // times stronger than the wood's own.
    for (let i = 0; i < mask.length; i++)
      if (alpha[i] > 0) for (let k = 0; k < 3; k++) recovered.data[i * 3 + k] -= 90;
    const choice = chooseRecoveredOrFill(recovered, photo, mask, alpha);
    expect(choice.regionsFilled).toBeGreaterThan(0);
  });
});
