import { describe, expect, it } from 'vitest';
import {
  discMask,
  gradientRatio,
  loadFixture,
  psnrWhere,
  ringTexture,
} from '../../../test/fixtures/inpaint/fixtures';
import { completeHole, copyMelded, suppressSpecks } from './completion';
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

  it('removes an isolated speck from a flat fill but leaves textured fills alone', async () => {
    const w = 128;
    const h = 96;
    const data = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        data.fill(90 + 0.3 * x + ((x * 7 + y * 13) % 3), (y * w + x) * 3, (y * w + x) * 3 + 3);
    const hole = discMask(w, h, 64, 48, 24);
    const sky = { data, width: w, height: h, channels: 3 };
    // A bright dust speck copied into the fill.
    for (let y = 46; y < 51; y++)
      for (let x = 60; x < 65; x++) data.fill(170, (y * w + x) * 3, (y * w + x) * 3 + 3);
    suppressSpecks(sky, hole, null);
    expect(sky.data[(48 * w + 62) * 3]).toBeLessThan(120);

    const wood = toFloat(await loadFixture('wood-192x128.png'));
    const before = wood.data.slice();
    suppressSpecks(wood, discMask(wood.width, wood.height, 96, 64, 20), null);
    expect(Buffer.from(wood.data.buffer).equals(Buffer.from(before.buffer))).toBe(true);
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

describe('copyMelded', () => {
  it('relaxes the seam between two unrelated sources, keeping the tone and the pixels outside the hole', () => {
    const w = 64;
    const h = 48;
    const c = 5;
    const at = (x: number, y: number) => y * w + x;
    // Flat grey with a darker and a brighter flat block, and a hole elsewhere whose left half is copied
    // from the dark block and whose right half from the bright one: a step of 20 down its middle.
    const data = new Float32Array(w * h * c).fill(100);
    for (let y = 2; y < 14; y++)
      for (let x = 2; x < 14; x++) {
        data.fill(90, at(x, y) * c, at(x, y) * c + c);
        data.fill(110, at(x + 48, y) * c, at(x + 48, y) * c + c);
      }
    const hole = new Uint8Array(w * h);
    const nnf = new Int32Array(w * h).fill(-1);
    for (let y = 20; y < 40; y++)
      for (let x = 20; x < 44; x++) {
        hole[at(x, y)] = 1;
        nnf[at(x, y)] = x < 32 ? at(8, 8) : at(56, 8);
      }
    const image = { data, width: w, height: h, channels: c };
    const before = data.slice();
    copyMelded(image, hole, hole, nnf);

    let step = 0;
    let left = 0;
    let right = 0;
    for (let y = 20; y < 40; y++) {
      for (let x = 19; x < 44; x++) {
        for (let k = 0; k < c; k++)
          step = Math.max(step, Math.abs(data[at(x + 1, y) * c + k] - data[at(x, y) * c + k]));
        if (x >= 20 && x < 32) left += data[at(x, y) * c] / 240;
        else if (x >= 32) right += data[at(x, y) * c] / 240;
      }
    }
    // The plain copy steps by 20 in the middle and by 10 at either side of the hole.
    expect(step).toBeLessThan(5);
    expect((left + right) / 2).toBeCloseTo(100, 0);
    // The copy's low frequencies stay: the left half is still darker than the right.
    expect(right - left).toBeGreaterThan(5);
    for (let i = 0; i < w * h; i++)
      if (!hole[i]) for (let k = 0; k < c; k++) expect(data[i * c + k]).toBe(before[i * c + k]);
  });
});
