import { describe, expect, it } from 'vitest';
import { discMask, loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat } from './float-image';
import { suppressSpecks } from './specks';

describe('suppressSpecks', () => {
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
});
