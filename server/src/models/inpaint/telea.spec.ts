import { describe, expect, it } from 'vitest';
import { loadFixture, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat, toRaw } from './float-image';
import { teleaInpaint } from './telea';

describe('teleaInpaint', () => {
  it('fills a thin stroke on a real photo close to the truth and touches nothing else', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    const mask = new Uint8Array(w * h);
    for (let x = 10; x < 180; x++) for (let t = 0; t < 3; t++) mask[(40 + Math.round(x / 4) + t) * w + x] = 1;
    const image = toFloat(reference);
    for (let i = 0; i < mask.length; i++) if (mask[i]) image.data.fill(255, i * 3, i * 3 + 3);
    teleaInpaint(image, mask, 5);
    const sut = toRaw(image);
    const blank = toRaw({ ...image, data: new Float32Array(image.data.length).fill(128) });
    expect(psnrWhere(sut, reference, mask)).toBeGreaterThan(22);
    expect(psnrWhere(sut, reference, mask)).toBeGreaterThan(psnrWhere(blank, reference, mask) + 10);
    const outside = mask.map((v) => 1 - v);
    expect(psnrWhere(sut, reference, outside)).toBe(99);
  });
});
