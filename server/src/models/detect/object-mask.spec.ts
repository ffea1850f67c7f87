import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { CenternetModel } from './centernet.model';
import { FOUND_SCORE } from './locate';
import { fillHoles, objectMask, type ObjectMaskStats } from './object-mask';
import type { Box } from './types';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Share of the box covered by the mask, and share of the mask within the box grown by `pad`. */
function fit(mask: Uint8Array, image: RawImage, box: Box, pad: number) {
  let inBox = 0;
  let near = 0;
  let total = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!mask[y * image.width + x]) continue;
      total++;
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (inside) inBox++;
      if (x >= box.x - pad && x < box.x + box.width + pad && y >= box.y - pad && y < box.y + box.height + pad)
        near++;
    }
  }
  return { cover: inBox / (box.width * box.height), within: near / total };
}

describe('objectMask', () => {
  const detector = new CenternetModel();
  afterAll(() => detector.dispose());

  async function first(name: string, label: string) {
    const image = await decodeRaw(await readFile(path.join(ROOT, 'assets/photos', name)), 3);
    const found = (await detector.predict(image)).find((d) => d.label === label && d.score >= FOUND_SCORE);
    return { image, box: found!.box };
  }

  it('masks the astronaut by her outline: most of her box, nothing of the wall beside it', async () => {
    const { image, box } = await first('astronaut.png', 'person');
    const stats: ObjectMaskStats = { methods: [] };
    const sut = await objectMask(image, [box], stats);
    expect(stats.methods).toEqual(['grabcut']);
    const { cover, within } = fit(sut, image, box, 12);
    expect(cover).toBeGreaterThan(0.45);
    expect(cover).toBeLessThan(0.9);
    expect(within).toBeGreaterThan(0.97);
    // Her face (about 170-230 x, 90-170 y in the 512 photo) is inside; the shuttle at the right is not.
    expect(sut[130 * image.width + 200]).toBe(1);
    expect(sut[200 * image.width + 440]).toBe(0);
  });

  it('masks the cat and the cup within their boxes', async () => {
    for (const [name, label] of [
      ['chelsea.png', 'cat'],
      ['coffee.png', 'cup'],
    ] as const) {
      const { image, box } = await first(name, label);
      const sut = await objectMask(image, [box]);
      const { cover, within } = fit(sut, image, box, 12);
      expect(cover, name).toBeGreaterThan(0.3);
      expect(within, name).toBeGreaterThan(0.95);
    }
  });

  it('falls back to the ellipse of a box that leaves no background to learn', async () => {
    const image: RawImage = {
      data: new Uint8Array(40 * 30 * 3).fill(90),
      width: 40,
      height: 30,
      channels: 3,
    };
    const stats: ObjectMaskStats = { methods: [] };
    const sut = await objectMask(image, [{ x: 0, y: 0, width: 40, height: 30 }], stats);
    expect(stats.methods).toEqual(['ellipse']);
    expect(sut[15 * 40 + 20]).toBe(1);
  });
});

describe('fillHoles', () => {
  it('fills what the border cannot reach and leaves the rest', () => {
    // prettier-ignore
    const sut = new Uint8Array([
      0, 0, 0, 0, 0,
      0, 1, 1, 1, 0,
      0, 1, 0, 1, 0,
      0, 1, 1, 1, 0,
      0, 0, 0, 0, 0,
    ]);
    fillHoles(sut, 5, 5);
    expect(sut[12]).toBe(1);
    expect(sut[0]).toBe(0);
  });
});
