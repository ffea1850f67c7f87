import { describe, expect, it } from 'vitest';
import {
  discMask,
  gradientRatio,
  loadFixture,
  psnrWhere,
  ringTexture,
} from '../../../test/fixtures/inpaint/fixtures';
import { completeHole } from './completion';
import { toFloat, toRaw } from './float-image';
import { teleaInpaint } from './telea';

describe('completeHole', () => {
  it('continues the texture of a real photo into a large hole instead of smearing it', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    const hole = discMask(w, h, 96, 64, 20);
    const damaged = toFloat(reference);
    for (let i = 0; i < hole.length; i++) if (hole[i]) damaged.data.fill(0, i * 3, i * 3 + 3);

    const sut = { ...damaged, data: damaged.data.slice() };
    completeHole(sut, hole, null, { seed: 3 });
    const smear = { ...damaged, data: damaged.data.slice() };
    teleaInpaint(smear, hole, 5);

    const ours = toRaw(sut);
    const texture = gradientRatio(ours, hole) / gradientRatio(reference, hole);
    expect(texture).toBeGreaterThan(0.35);
    expect(texture).toBeGreaterThan(3 * (gradientRatio(toRaw(smear), hole) / gradientRatio(reference, hole)));
    expect(psnrWhere(ours, reference, hole)).toBeGreaterThan(psnrWhere(toRaw(smear), reference, hole));
    const outside = hole.map((v) => 1 - v);
    expect(psnrWhere(ours, reference, outside)).toBe(99);
  });

  it('carries the grain of wood into the fill, as detailed as the wood around it', async () => {
    const reference = await loadFixture('wood-192x128.png');
    const { width: w, height: h } = reference;
    for (const [cx, cy, r] of [
      [96, 64, 20],
      [130, 70, 24],
    ]) {
      const hole = discMask(w, h, cx, cy, r);
      const sut = toFloat(reference);
      for (let i = 0; i < hole.length; i++) if (hole[i]) sut.data.fill(0, i * 3, i * 3 + 3);
      completeHole(sut, hole, null, { seed: 3 });
      const texture = ringTexture(toRaw(sut), hole);
      expect(texture).toBeGreaterThan(0.8);
      expect(texture).toBeLessThan(1.2);
    }
  });

  it('keeps a smooth area smooth: no invented detail on a flat gradient', () => {
    const w = 128;
    const h = 96;
    const data = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) data.fill(60 + x + 0.5 * y, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const reference = toRaw({ data, width: w, height: h, channels: 3 });
    const hole = discMask(w, h, 64, 48, 18);
    const sut = toFloat(reference);
    for (let i = 0; i < hole.length; i++) if (hole[i]) sut.data.fill(0, i * 3, i * 3 + 3);
    completeHole(sut, hole, null, { seed: 2 });
    expect(ringTexture(toRaw(sut), hole)).toBeLessThan(1.3);
    expect(psnrWhere(toRaw(sut), reference, hole)).toBeGreaterThan(35);
  });

  it('is reproducible for a given seed', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const hole = discMask(reference.width, reference.height, 50, 50, 15);
    const a = toFloat(reference);
    const b = toFloat(reference);
    completeHole(a, hole, null, { seed: 9 });
    completeHole(b, hole, null, { seed: 9 });
    expect(Buffer.from(a.data.buffer).equals(Buffer.from(b.data.buffer))).toBe(true);
  });

  it('continues a straight dark line that crosses the hole on a real photo', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    // A dark wire, 5 px thick, from the left edge to the right at a slight slope.
    const onLine = (x: number, y: number) => Math.abs(y - (40 + 0.25 * x)) <= 2.5;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (onLine(x, y)) reference.data.fill(20, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const hole = discMask(w, h, 96, 64, 22);
    const line = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) line[y * w + x] = hole[y * w + x] && onLine(x, y) ? 1 : 0;
    // Share of the line's pixels inside the hole that came out dark, as the wire is.
    const darkShare = (image: { data: Float32Array | Uint8Array }) => {
      let dark = 0;
      let n = 0;
      for (let i = 0; i < line.length; i++) {
        if (!line[i]) continue;
        if ((image.data[i * 3] + image.data[i * 3 + 1] + image.data[i * 3 + 2]) / 3 < 50) dark++;
        n++;
      }
      return dark / n;
    };
    const damaged = toFloat(reference);
    for (let i = 0; i < hole.length; i++) if (hole[i]) damaged.data.fill(0, i * 3, i * 3 + 3);

    const sut = { ...damaged, data: damaged.data.slice() };
    completeHole(sut, hole, null, { seed: 3 });
    const plain = { ...damaged, data: damaged.data.slice() };
    completeHole(plain, hole, null, { seed: 3, structure: false });

    expect(darkShare(sut)).toBeGreaterThan(0.75);
    expect(darkShare(sut)).toBeGreaterThan(darkShare(plain) + 0.2);
  });
});
