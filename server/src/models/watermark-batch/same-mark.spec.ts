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
  type DrawnMark,
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
  size = { width: W, height: H },
) {
  const { width, height } = size;
  const clean = await Promise.all(PHOTOS.map((name) => framedPhoto(photo(name), width, height)));
  const mark = await drawMark(style, width, height);
  const inputs = clean.map((p, i) => {
    const m = moves(i);
    return unmarked.includes(i) ? p : applyMark(p, mark, m, m.scale);
  });
  const masks = clean.map((p, i) => markMask(mark, width, height, moves(i), moves(i).scale));
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

  it('takes out the © that stands a word space before the name, not only the name', async () => {
    // At the benchmark's size, where the space after the © is wider than the gap that joins edges into one part.
    const size = { width: 768, height: 512 };
    const { clean, inputs, masks } = await batch('corner text', [], still, size);
    const result = removeSameMark(inputs);
    const copyright = firstPart(masks[0], size.width);
    for (const [i, out] of result.photos.entries())
      expect(psnr(out.image, clean[i], copyright)).toBeGreaterThan(psnr(inputs[i], clean[i], copyright) + 6);
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

  it("finds and removes a red disc of the photos' typical luma, which steps from them only in colour", async () => {
    const clean = await Promise.all(PHOTOS.map((name) => framedPhoto(photo(name), W, H)));
    // The benchmark's colour logo's red disc, alone: of luma 109, where the typical photo's is 96-111.
    const disc = { cx: 70, cy: 66, r: 34 };
    const red = [230, 60, 40];
    expect(Math.abs(median(clean.map((p) => meanLumaIn(p, disc))) - luma(red))).toBeLessThan(15);
    const mark = colourDisc(disc, red, 0.6);
    const inputs = clean.map((p) => applyMark(p, mark));
    const mask = markMask(mark, W, H);
    const result = removeSameMark(inputs);
    // Photos where the disc is of their own colour (a red flag) show too little of it, and are left alone.
    expect(result.photos.filter((p) => p.marked).length).toBeGreaterThanOrEqual(PHOTOS.length - 3);
    for (const [i, out] of result.photos.entries()) {
      if (!out.marked) continue;
      expect(psnr(out.image, clean[i], mask)).toBeGreaterThan(psnr(inputs[i], clean[i], mask) + 6);
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

function colourDisc(disc: { cx: number; cy: number; r: number }, rgb: number[], opacity: number): DrawnMark {
  const alpha = new Float32Array(W * H);
  const colour = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      // Anti-aliased: the share of the pixel inside the circle, from its distance to the rim.
      const inside = Math.min(1, Math.max(0, disc.r + 0.5 - Math.hypot(x - disc.cx, y - disc.cy)));
      alpha[i] = opacity * inside;
      for (let k = 0; k < 3; k++) colour[i * 3 + k] = Math.min(255, Math.max(0, rgb[k]));
    }
  return { width: W, height: H, alpha, colour };
}

function meanLumaIn(image: RawImage, disc: { cx: number; cy: number; r: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = disc.cy - disc.r; y <= disc.cy + disc.r; y++)
    for (let x = disc.cx - disc.r; x <= disc.cx + disc.r; x++) {
      if (Math.hypot(x - disc.cx, y - disc.cy) > disc.r) continue;
      const o = (y * W + x) * 3;
      sum += luma(image.data.subarray(o, o + 3));
      n++;
    }
  return sum / n;
}

function luma([r, g, b]: Iterable<number>): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The mark's columns before its first gap of 4 columns or more (the © of corner text), as a mask. */
function firstPart(mask: Uint8Array, width: number): Uint8Array {
  const used = (x: number) => mask.some((v, i) => v && i % width === x);
  let x = 0;
  while (!used(x)) x++;
  let gap = 0;
  for (; gap < 4; x++) gap = used(x) ? 0 : gap + 1;
  return mask.map((v, i) => (v && i % width < x ? 1 : 0));
}
