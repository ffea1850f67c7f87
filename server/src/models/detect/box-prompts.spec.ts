import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { boxPromptMasks } from './box-prompts';
import { objectMask, type ObjectMaskStats } from './object-mask';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Share of `truth` that `mask` covers, and the mask's area over the truth's. */
function coverage(mask: Uint8Array, truth: Uint8Array) {
  let covered = 0;
  let total = 0;
  let area = 0;
  for (let i = 0; i < truth.length; i++) {
    if (mask[i]) area++;
    if (!truth[i]) continue;
    total++;
    if (mask[i]) covered++;
  }
  return { recall: covered / total, area: area / total };
}

describe('box prompts to the segmenter', () => {
  it('with GrabCut, covers the whole cup of a detector-like box where GrabCut alone misses its rim', async () => {
    const image = await decodeRaw(await readFile(path.join(ROOT, 'assets/photos/coffee.png')), 3);
    const truth = (
      await decodeRaw(await readFile(path.join(ROOT, 'server/test/fixtures/select/cup.png')), 1)
    ).data.map((v) => (v > 127 ? 1 : 0));
    // The hand-drawn cup's bounding box, loosened by a tenth as a detector's would be.
    let [x0, y0, x1, y1] = [Infinity, Infinity, 0, 0];
    truth.forEach((v, i) => {
      if (!v) return;
      const x = i % image.width;
      const y = (i - x) / image.width;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    });
    const [dx, dy] = [(x1 - x0) * 0.1, (y1 - y0) * 0.1];
    const box = { x: x0 - dx, y: Math.max(0, y0 - dy), width: x1 - x0 + 2 * dx, height: y1 - y0 + 2 * dy };

    const [prompted] = await boxPromptMasks(image, [box]);
    expect(coverage(prompted, truth).recall).toBeGreaterThan(0.9);
    const alone = coverage(await objectMask(image, [box]), truth);
    const stats: ObjectMaskStats = { methods: [] };
    const together = coverage(await objectMask(image, [box], stats, [prompted]), truth);
    expect(stats.methods).toEqual(['grabcut+prompt']);
    expect(alone.recall).toBeLessThan(0.8);
    expect(together.recall).toBeGreaterThan(0.97);
    // Grown for soft edges, and no more: the saucer and the spoon stay out.
    expect(together.area).toBeLessThan(1.4);
  });
});
