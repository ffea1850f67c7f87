import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../lib/image/raw-image';
import { addDetail, detailChange } from './detail';

const [W, H] = [64, 64];
/** A grey region with strands (thin dark lines 1 px wide, 6 px apart) on its left half and flat skin on its right. */
function strands(depth: number): Float32Array {
  return Float32Array.from({ length: W * H }, (_, i) => {
    const x = i % W;
    return x < W / 2 && x % 6 === 3 ? 120 - depth : 120;
  });
}

describe("a face's fine detail given its weight", () => {
  it('raises strong fine structure and leaves flat skin as it is', () => {
    const plane = strands(12);
    const sut = detailChange(plane, W, H, 200);
    const row = 32 * W;
    // A strand 12 levels deep gets deeper (its centre darker) by more than a tenth; the flat half does not move.
    expect(sut[row + 15]).toBeLessThan(-1.2);
    for (let x = W / 2 + 8; x < W; x++) expect(Math.abs(sut[row + x])).toBeLessThan(0.01);
  });

  it("counts a faint old photo's strands as a crisp one's: the change follows the contrast", () => {
    const crisp = detailChange(strands(16), W, H, 200);
    const faint = detailChange(strands(4), W, H, 200);
    const row = 32 * W;
    for (const x of [9, 15, 16, 21]) expect(faint[row + x]).toBeCloseTo(crisp[row + x] / 4, 3);
  });

  it('fades to nothing at the region edge, and raises two overlapping faces once', () => {
    const image: RawImage = {
      data: new Uint8Array(80 * 40 * 4).fill(100),
      width: 80,
      height: 40,
      channels: 4,
    };
    const change = new Float32Array(40 * 40).fill(10);
    const roi = { x: 20, y: 0, width: 40, height: 40 };
    const once: RawImage = { ...image, data: image.data.slice() };
    addDetail(once, [{ roi, size: 200, change }]);
    const twice: RawImage = { ...image, data: image.data.slice() };
    addDetail(twice, [
      { roi, size: 200, change },
      { roi, size: 200, change },
    ]);
    expect(twice.data).toEqual(once.data);
    const at = (x: number, y: number, c: number) => once.data[(y * 80 + x) * 4 + c];
    expect([at(40, 20, 0), at(40, 20, 1), at(40, 20, 2)]).toEqual([110, 110, 110]);
    expect(at(40, 20, 3)).toBe(100); // alpha kept
    expect(at(20, 20, 0)).toBe(100); // the region's edge
    expect(at(10, 20, 0)).toBe(100); // outside it
  });
});
