import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { enlarge2x } from '../../../models/face-retouch/enlarge';
import { fromYcc, toYcc } from '../../../models/face-retouch/planes';
import { createWorkerPool } from '../../../inference/pool';
import { photo } from '../../../../test/support/uploads';
import { clarify, createRestorer, isBlocky, type Restorer } from './clarify';

const luma = (image: RawImage, p: number) =>
  0.299 * image.data[3 * p] + 0.587 * image.data[3 * p + 1] + 0.114 * image.data[3 * p + 2];

/** The plain centred Lanczos 2x (the learned 2x's own base): what the photo looks like only enlarged. */
function lanczos2x(image: RawImage): RawImage {
  const { y, cb, cr, width, height } = toYcc(image);
  const twice = (p: Float32Array) => enlarge2x(p, width, height);
  return fromYcc({ width: 2 * width, height: 2 * height, y: twice(y), cb: twice(cb), cr: twice(cr) }, 3);
}

/** Mean step across the columns where 2x-enlarged JPEG blocks meet, over the step halfway between. */
function blockiness(image: RawImage): number {
  let at = 0;
  let between = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 16; x < image.width; x += 16) {
      const p = y * image.width + x;
      at += Math.abs(luma(image, p) - luma(image, p - 1));
      between += Math.abs(luma(image, p + 8) - luma(image, p + 7));
    }
  }
  return at / between;
}

/** Mean gradient of `image` at the reference's strongest twentieth of edges: how sharp its real edges are. */
function edgeSharpness(image: RawImage, reference: RawImage): number {
  const gradient = (m: RawImage, p: number) =>
    Math.abs(luma(m, p + 1) - luma(m, p - 1)) + Math.abs(luma(m, p + m.width) - luma(m, p - m.width));
  const inner: number[] = [];
  for (let y = 1; y < reference.height - 1; y++)
    for (let x = 1; x < reference.width - 1; x++) inner.push(y * reference.width + x);
  const strengths = inner.map((p) => gradient(reference, p));
  const floor = [...strengths].sort((a, b) => b - a)[Math.floor(strengths.length / 20)];
  const edges = inner.filter((_, k) => strengths[k] >= floor);
  return edges.reduce((sum, p) => sum + gradient(image, p), 0) / edges.length;
}

function psnr(a: RawImage, b: RawImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += (a.data[i] - b.data[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.data.length));
}

describe('clarify', () => {
  const pool = createWorkerPool({ threads: 1 });
  afterAll(() => pool.close());

  it('cleans the blocks out of a small, low-quality JPEG, enlarges it 2x and sharpens its edges', async () => {
    const original = photo('Garden.jpg');
    const small = await sharp(original).resize(400).png().toBuffer();
    const blocky = await decodeRaw(await sharp(small).jpeg({ quality: 25 }).toBuffer(), 3);
    // The clean photo at the size the result comes out at.
    const clean = await decodeRaw(
      await sharp(original)
        .resize(800, 2 * blocky.height, { fit: 'fill' })
        .toBuffer(),
      3,
    );
    expect(isBlocky(blocky)).toBe(true);
    const sut = await clarify(blocky, createRestorer(pool));
    expect(sut).toMatchObject({ width: 800, height: 2 * blocky.height });
    const enlarged = lanczos2x(blocky);
    expect(blockiness(sut)).toBeLessThan(0.75 * blockiness(enlarged));
    expect(edgeSharpness(sut, clean)).toBeGreaterThan(1.15 * edgeSharpness(enlarged, clean));
    // Cleaner and sharper, and no further from the clean photo than enlarging alone.
    expect(psnr(sut, clean)).toBeGreaterThan(psnr(enlarged, clean) - 0.6);
  });

  it('enlarges only a small photo; a large one keeps its size, restored only when blocky', async () => {
    const restore = vi.fn<Restorer>(async (image) => lanczos2x(image));
    const large = await sharp(photo('Garden.jpg')).resize(1400).png().toBuffer();
    const clean = await decodeRaw(large, 3);
    const blocky = await decodeRaw(await sharp(large).jpeg({ quality: 40 }).toBuffer(), 3);
    const small = await decodeRaw(await sharp(large).resize(600).png().toBuffer(), 3);

    expect(await clarify(clean, restore)).toMatchObject({ width: clean.width, height: clean.height });
    expect(restore).not.toHaveBeenCalled();

    expect(await clarify(blocky, restore)).toMatchObject({ width: blocky.width, height: blocky.height });
    expect(restore).toHaveBeenCalledTimes(1);

    expect(await clarify(small, restore)).toMatchObject({ width: 2 * small.width, height: 2 * small.height });
    expect(restore).toHaveBeenCalledTimes(2);
  });
});
