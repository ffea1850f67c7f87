import { describe, expect, it } from 'vitest';
import { loadFixture, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat, toRaw } from './float-image';
import { countMask, dilate } from '../../lib/image/bitmap';
import { teleaInpaint } from './telea';
import { invertWatermark } from './watermark';
import { inpaintImage } from './inpaint.model';

/** A blocky translucent "logo": bars with soft edges, blended as editors do. */
function stamp(reference: Awaited<ReturnType<typeof loadFixture>>, color: number[], opacity: number) {
  const { width: w, height: h } = reference;
  const data = reference.data.slice();
  const mask = new Uint8Array(w * h);
  for (let y = 30; y < 100; y++) {
    for (let x = 20; x < 170; x++) {
      const bar = Math.floor((x - 20) / 12) % 2 === 0;
      if (!bar) continue;
      const edge = x % 12 === 8 || y === 30 || y === 99 ? 0.5 : 1;
      const a = opacity * edge;
      mask[y * w + x] = 1;
      for (let k = 0; k < 3; k++)
        data[(y * w + x) * 3 + k] = Math.round((1 - a) * data[(y * w + x) * 3 + k] + a * color[k]);
    }
  }
  return { marked: { ...reference, data }, mask };
}

function run(marked: Awaited<ReturnType<typeof loadFixture>>, mask: Uint8Array) {
  const image = toFloat(marked);
  const background = toFloat(marked);
  teleaInpaint(background, mask, 4);
  const result = invertWatermark(image, mask, background.data);
  return { result, image: toRaw(image) };
}

/** Pixels of the mask that inversion recovered (the rest are left to completion). */
function recoveredOf(mask: Uint8Array, lost: Uint8Array): Uint8Array {
  return mask.map((v, i) => (v && !lost[i] ? 1 : 0));
}

describe('invertWatermark', () => {
  it('recovers the real photo under a translucent white mark', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { marked, mask } = stamp(reference, [255, 255, 255], 0.45);
    const { result, image } = run(marked, mask);
    expect(result.fits[0].alpha).toBeGreaterThan(0.38);
    expect(result.fits[0].alpha).toBeLessThan(0.55);
    expect(countMask(result.lost)).toBeLessThan(0.1 * countMask(mask));
    const recovered = recoveredOf(mask, result.lost);
    expect(psnrWhere(image, reference, recovered)).toBeGreaterThan(
      psnrWhere(marked, reference, recovered) + 15,
    );
  });

  it('finds the colour of a coloured mark', async () => {
    const reference = await loadFixture('wood-192x128.png');
    const { marked, mask } = stamp(reference, [200, 30, 40], 0.4);
    const { result, image } = run(marked, mask);
    const [r, g, b] = result.fits[0].color;
    expect(Math.abs(r - 200) + Math.abs(g - 30) + Math.abs(b - 40)).toBeLessThan(60);
    expect(countMask(result.lost)).toBeLessThan(0.15 * countMask(mask));
    const recovered = recoveredOf(mask, result.lost);
    expect(psnrWhere(image, reference, recovered)).toBeGreaterThan(
      psnrWhere(marked, reference, recovered) + 10,
    );
  });

  it('leaves an opaque mark to be filled by completion', async () => {
    const reference = await loadFixture('wood-192x128.png');
    const { marked, mask } = stamp(reference, [255, 255, 255], 1);
    const { result } = run(marked, mask);
    expect(countMask(result.lost)).toBeGreaterThan(0.5 * countMask(mask));
  });
});

describe('watermark removal in a loosely painted box', () => {
  it('keeps the photo between the strokes, and removes the strokes', async () => {
    // A box painted around the mark is half photo. Where that photo is brighter than the guess of it, a
    // white fit "explains" it at more than the mark's opacity; inverting it there left pale blots.
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    const { marked, mask } = stamp(reference, [255, 255, 255], 0.45);
    const box = new Uint8Array(w * h);
    for (let y = 24; y < 106; y++) for (let x = 14; x < 176; x++) box[y * w + x] = 1;
    const removed = inpaintImage(marked, box, { kind: 'watermark', seed: 1 }).image;
    const near = dilate(mask, w, h, 1);
    const beside = box.map((v, i) => (v && !near[i] ? 1 : 0));
    // Before: 19.9 dB beside the strokes and 17.3 dB on them.
    expect(psnrWhere(removed, reference, beside)).toBeGreaterThan(21.5);
    expect(psnrWhere(removed, reference, mask)).toBeGreaterThan(psnrWhere(marked, reference, mask) + 10);
  });
});
