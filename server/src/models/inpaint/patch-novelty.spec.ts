import { describe, expect, it } from 'vitest';
import { drawnMark } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage } from './inpaint.model';
import { dilate, distanceOutside } from '../../lib/image/bitmap';
import { markSupport } from './mark-support';
import { NOVELTY_REACH, patchNovelty } from './patch-novelty';

/** A camera's orange date imprint with its glow over wood grain, and the box a person paints around it. */
async function boxedDateStamp() {
  const stamp =
    '<defs><filter id="glow"><feGaussianBlur stdDeviation="2.5"/></filter></defs>' +
    '<text x="150" y="150" font-size="22" font-family="DejaVu Sans Mono" font-weight="bold" fill="rgb(255,150,40)" filter="url(#glow)">\'98 7 14</text>' +
    '<text x="150" y="150" font-size="22" font-family="DejaVu Sans Mono" font-weight="bold" fill="rgb(255,170,60)">\'98 7 14</text>';
  const drawn = await drawnMark('Wood.jpg', 320, () => stamp);
  const { w, h } = drawn;
  const box = new Uint8Array(w * h);
  for (let y = 118; y < 166; y++) box.fill(1, y * w + 136, y * w + 280);
  return { ...drawn, box };
}

const at = (values: number[], share: number) =>
  values.sort((a, b) => a - b)[Math.floor(share * (values.length - 1))];

describe('how new a patch of a painted mask looks beside the photo around it', () => {
  it('is high on a date stamp and its glow, low on the wood grain the box also covers', async () => {
    const { marked, mark, box, w, h } = await boxedDateStamp();
    const novelty = patchNovelty(box, box, Float32Array.from(marked.data), w, h, 3);
    const nearMark = dilate(mark, w, h, 4);
    const onMark: number[] = [];
    const onPhoto: number[] = [];
    for (let i = 0; i < box.length; i++) {
      if (!box[i]) continue;
      if (mark[i]) onMark.push(novelty[i]);
      else if (!nearMark[i]) onPhoto.push(novelty[i]);
    }
    // Measured: medians 58 and 9 levels; the stamp's faint glow tails overlap the grain's strongest figure.
    expect(at(onMark, 0.5)).toBeGreaterThan(4 * at(onPhoto, 0.5));
    expect(at(onMark, 0.25)).toBeGreaterThan(at(onPhoto, 0.75));
  });

  it('is unknown (-1) beyond the reach of any patch of the photo', () => {
    const w = 200;
    const h = 200;
    const image = new Float32Array(w * h * 3).map((_, k) => (k * 37) % 255);
    const mask = new Uint8Array(w * h);
    for (let y = 10; y < 190; y++) mask.fill(1, y * w + 10, y * w + 190);
    const novelty = patchNovelty(mask, mask, image, w, h, 3);
    expect(novelty[100 * w + 100]).toBe(-1);
    const nearEdge = 100 * w + 10 + Math.floor(NOVELTY_REACH / 2);
    expect(novelty[nearEdge]).toBeGreaterThanOrEqual(0);
  });

  it('lets the photo-keeping split take less of the wood for the stamp than the distance from the fill alone', async () => {
    const { marked, mark, box, w, h } = await boxedDateStamp();
    const fill = inpaintImage(marked, box, { kind: 'object', feather: 0, seed: 1 }).image;
    const data = Float32Array.from(marked.data);
    const filled = Float32Array.from(fill.data);
    const near = dilate(mark, w, h, 4);
    const score = (found: Uint8Array) => {
      let missed = 0;
      let wood = 0;
      for (let i = 0; i < box.length; i++) {
        if (mark[i] && !found[i]) missed++;
        if (found[i] && !near[i]) wood++;
      }
      return { missed, wood };
    };
    const alone = score(markSupport(box, data, filled, w, h, 3));
    const weighed = score(markSupport(box, data, filled, w, h, 3, box));
    expect(weighed.missed).toBeLessThanOrEqual(alone.missed);
    expect(weighed.wood).toBeLessThan(0.5 * alone.wood);
  });
  it('is the distance to the closest patch outside the mask, as a search of every patch finds it', () => {
    // Small enough that every patch lies within reach: the skipping bounds must not change the minimum.
    const w = 36;
    const h = 30;
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const image = new Float32Array(w * h * 3).map(() => Math.round(random() * 255));
    const mask = new Uint8Array(w * h);
    for (let y = 11; y < 19; y++) mask.fill(1, y * w + 12, y * w + 24);
    const clear = distanceOutside(mask, w, h, 4);
    const candidates: number[] = [];
    for (let y = 2; y < h - 2; y += 2)
      for (let x = 2; x < w - 2; x += 2)
        if (!mask[y * w + x] && clear[y * w + x] >= 3) candidates.push(y * w + x);
    const distance = (p: number, q: number) => {
      let d = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const [a, b] = [(p + dy * w + dx) * 3, (q + dy * w + dx) * 3];
          const [d0, d1, d2] = [
            image[a] - image[b],
            image[a + 1] - image[b + 1],
            image[a + 2] - image[b + 2],
          ];
          d += d0 * d0 + d1 * d1 + d2 * d2;
        }
      return d;
    };
    const novelty = patchNovelty(mask, mask, image, w, h, 3);
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const best = Math.min(...candidates.map((q) => distance(i, q)));
      expect(novelty[i]).toBe(Math.fround(Math.sqrt(best / 25)));
    }
  });
});
