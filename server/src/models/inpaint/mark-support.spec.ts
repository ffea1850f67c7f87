import { describe, expect, it } from 'vitest';
import { drawnMark, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage } from './inpaint.model';
import { dilate } from './mask';
import { markSupport, otsuThreshold } from './mark-support';

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
