import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image/raw-image';
import { photo } from '../../../test/support/uploads';
import {
  applyMark,
  drawMark,
  framedPhoto,
  markMask,
  psnr,
  TUNING_PHOTOS,
  type MarkStyle,
} from '../../../test/fixtures/watermark-batch/marked-batch';
import { removeSameMark } from './same-mark';

// Photos of the tuning kinds only, those in assets/photos; the mate-backgrounds package is held out for the
// benchmark (bench/watermark-batch.ts).
const PHOTOS = TUNING_PHOTOS.slice(0, 9);
const W = 480;
const H = 320;

async function batch(
  style: MarkStyle,
  unmarked: number[],
  moves: (i: number) => { x: number; y: number; scale: number },
) {
  const clean = await Promise.all(PHOTOS.map((name) => framedPhoto(photo(name), W, H)));
  const mark = await drawMark(style, W, H);
  const inputs = clean.map((p, i) => {
    const m = moves(i);
    return unmarked.includes(i) ? p : applyMark(p, mark, m, m.scale);
  });
  const masks = clean.map((p, i) => markMask(mark, W, H, moves(i), moves(i).scale));
  return { clean, inputs, masks };
}

const still = () => ({ x: 0, y: 0, scale: 1 });

describe('removeSameMark', () => {
  it('inverts a diagonal word on every marked photo and hands unmarked ones back untouched', async () => {
    const { clean, inputs, masks } = await batch('diagonal word', [3, 7], still);
    const result = removeSameMark(inputs);
    expect(result.photos.map((p) => p.marked)).toEqual(inputs.map((p, i) => i !== 3 && i !== 7));
    for (const i of [3, 7]) expect(result.photos[i].image).toBe(inputs[i]);
    for (const [i, out] of result.photos.entries()) {
      if (!out.marked) continue;
      // Where the mark was, the photo comes back much closer to the clean one (and closer over the whole photo too).
      expect(psnr(out.image, clean[i], masks[i])).toBeGreaterThan(psnr(inputs[i], clean[i], masks[i]) + 6);
      expect(psnr(out.image, clean[i])).toBeGreaterThan(psnr(inputs[i], clean[i]) + 1);
    }
  });

  it('finds a corner mark that moved and was scaled a little on each photo', async () => {
    const moves = (i: number) => ({
      x: ((i * 7) % 11) - 5,
      y: ((i * 5) % 9) - 4,
      scale: 1 + (((i * 3) % 5) - 2) * 0.02,
    });
    const { clean, inputs, masks } = await batch('corner text', [5], moves);
    const result = removeSameMark(inputs);
    expect(result.photos.filter((p) => p.marked)).toHaveLength(PHOTOS.length - 1);
    expect(result.photos[5].marked).toBe(false);
    for (const [i, out] of result.photos.entries()) {
      if (!out.marked) continue;
      expect(psnr(out.image, clean[i], masks[i])).toBeGreaterThan(psnr(inputs[i], clean[i], masks[i]) + 6);
    }
    // The placements follow the moves: the offsets between photos are those the marks were drawn with.
    const placed = result.photos.map((p) => p.placement);
    for (const i of [1, 2, 4]) {
      const expected = moves(i);
      const dx = placed[i].cx - placed[0].cx;
      const shift = (c: number, m: { x: number; scale: number }) => m.x + (m.scale - 1) * c;
      const centre = placed[0].cx / moves(0).scale; // roughly the mark box's centre in the frame
      expect(
        Math.abs(dx - (shift(centre - (W - 1) / 2, expected) - shift(centre - (W - 1) / 2, moves(0)))),
      ).toBeLessThan(4);
    }
  });

  it('keeps to a painted hint on one photo', async () => {
    const { clean, inputs, masks } = await batch('colour logo', [], still);
    const hint = masks[0].slice();
    const result = removeSameMark(inputs, { hint: { index: 0, mask: hint } });
    const improved = result.photos.filter(
      (out, i) => psnr(out.image, clean[i], masks[i]) > psnr(inputs[i], clean[i], masks[i]) + 1,
    );
    expect(improved.length).toBeGreaterThanOrEqual(PHOTOS.length - 2);
  });

  it('refuses a batch too small to estimate from, and one without a common mark', async () => {
    const photos: RawImage[] = await Promise.all(
      PHOTOS.slice(0, 8).map((name) => framedPhoto(photo(name), W, H)),
    );
    expect(() => removeSameMark(photos.slice(0, 2))).toThrow(AppError);
    expect(() => removeSameMark(photos)).toThrow(/No mark common to these photos/);
  });
});
