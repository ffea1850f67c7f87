import { describe, expect, it } from 'vitest';
import { drawnMark, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage } from './inpaint.model';
import { dilate } from '../../lib/image/bitmap';
import { markSupport, otsuThreshold, unexplainedParts } from './mark-support';

/** A real photo with an opaque corner logo (no blend to invert), and a box painted around it with a wide margin. */
async function boxedLogo() {
  const logo =
    '<circle cx="190" cy="60" r="11" fill="rgb(20,190,210)"/><circle cx="190" cy="60" r="5" fill="white"/>' +
    '<text x="208" y="66" font-size="17" font-family="DejaVu Sans" font-weight="bold" fill="rgb(30,90,220)">NOVA</text>';
  const drawn = await drawnMark('Garden.jpg', 320, () => logo);
  const { w, h } = drawn;
  const box = new Uint8Array(w * h);
  for (let y = 34; y < 86; y++) box.fill(1, y * w + 164, y * w + 274);
  return { ...drawn, box };
}

describe('the mark inside a loosely painted mask', () => {
  it("splits distances into two classes at Otsu's threshold, whatever their shares", () => {
    const values = [...Array(90).fill(3), 4, 5, 2, ...Array(10).fill(60), 70].sort((a, b) => a - b);
    const t = otsuThreshold(values);
    expect(t).toBeGreaterThan(5);
    expect(t).toBeLessThan(60);
  });

  it('finds an opaque logo in a box that is mostly photo, and only it', async () => {
    const { reference, marked, mark, box, w, h } = await boxedLogo();
    const data = Float32Array.from(marked.data);
    // The fill never saw the logo: an estimate of the photo, off by the few levels a fill is off by.
    const filled = Float32Array.from(reference.data);
    for (let i = 0; i < box.length; i++)
      if (box[i]) for (let k = 0; k < 3; k++) filled[i * 3 + k] += ((i * 7 + k * 13) % 17) - 8;
    const found = markSupport(box, data, filled, w, h, 3);
    let missed = 0;
    let extra = 0;
    const near = dilate(mark, w, h, 2);
    for (let i = 0; i < box.length; i++) {
      if (mark[i] && !found[i]) missed++;
      if (found[i] && !near[i]) extra++;
    }
    expect(missed).toBe(0);
    expect(extra).toBe(0);
  });

  it('keeps the photo of the box as it was, and is no further from the photo than filling the box', async () => {
    const { reference, marked, mark, box, w, h } = await boxedLogo();
    const { image, stats } = inpaintImage(marked, box, { kind: 'watermark', seed: 1 });
    const fill = inpaintImage(marked, box, { kind: 'object', feather: 0, seed: 1 }).image;
    const around = dilate(box, w, h, 8);
    expect(stats.keptPixels).toBeGreaterThan(
      0.5 * (stats.maskPixels - dilate(mark, w, h, 2).reduce((a, b) => a + b, 0)),
    );
    // Far from the logo, the box is the photo itself: returned untouched.
    const far = dilate(mark, w, h, 6);
    let changed = 0;
    for (let i = 0; i < box.length; i++)
      if (box[i] && !far[i] && marked.data[i * 3] !== image.data[i * 3]) changed++;
    expect(changed).toBeLessThan(0.05 * stats.maskPixels);
    expect(psnrWhere(image, reference, around)).toBeGreaterThan(psnrWhere(fill, reference, around) + 1);
  });
});

describe('the parts of the mask inversion did not explain', () => {
  // Four parts of 10 pixels each on one row, a gap of one pixel between them: 0-9, 11-20, 22-31, 33-42.
  const w = 43;
  const h = 1;
  const region = new Uint8Array(w).fill(1);
  for (const gap of [10, 21, 32]) region[gap] = 0;
  /** Lost, inverted and untouched pixels of a part, in that order from its first pixel. */
  function part(
    start: number,
    lostCount: number,
    invertedCount: number,
    lost: Uint8Array,
    alpha: Float32Array,
  ) {
    for (let k = 0; k < lostCount; k++) lost[start + k] = 1;
    for (let k = lostCount; k < lostCount + invertedCount; k++) alpha[start + k] = 0.4;
  }

  it('takes the parts all lost, or mostly lost with few inverted, and leaves those inversion explained', () => {
    const lost = new Uint8Array(w);
    const alpha = new Float32Array(w);
    part(0, 10, 0, lost, alpha); // all lost: the opaque logo
    part(11, 6, 2, lost, alpha); // mostly lost, a fifth inverted: fits of the photo around a stamp
    part(22, 6, 3, lost, alpha); // mostly lost, but more inverted: the mark's translucent part was explained
    part(33, 4, 6, lost, alpha); // less than half lost
    const parts = unexplainedParts(region, lost, null, alpha, w, h);
    expect([0, 11, 22, 33].map((start) => parts[start + 9])).toEqual([1, 1, 0, 0]);
    // Only pixels of the region are taken.
    expect(parts[10]).toBe(0);
  });

  it('counts the photo a fit inverted and that was handed back as lost', () => {
    const lost = new Uint8Array(w);
    const alpha = new Float32Array(w);
    part(22, 4, 6, lost, alpha);
    const handedBack = new Uint8Array(w);
    for (let k = 26; k < 30; k++) {
      handedBack[k] = 1;
      alpha[k] = 0;
    }
    expect(unexplainedParts(region, lost, null, alpha, w, h)[22]).toBe(0);
    expect(unexplainedParts(region, lost, handedBack, alpha, w, h)[22]).toBe(1);
  });
});
