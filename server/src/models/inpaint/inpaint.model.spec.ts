import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { discMask, drawnMark, loadFixture, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage, inpaintSteps } from './inpaint.model';
import { dilate } from '../../lib/image/bitmap';

describe('inpaintImage', () => {
  it('changes only the pixels of the mask and its feather ring, exactly', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    const mask = discMask(w, h, 70, 60, 18);
    const marked = { ...reference, data: reference.data.slice() };
    for (let i = 0; i < mask.length; i++) if (mask[i]) marked.data.set([250, 20, 200], i * 3);
    const sut = inpaintImage(marked, mask, { kind: 'object', feather: 2 });
    const touched = dilate(mask, w, h, 2);
    for (let i = 0; i < mask.length; i++) {
      if (touched[i]) continue;
      expect(sut.image.data[i * 3]).toBe(marked.data[i * 3]);
      expect(sut.image.data[i * 3 + 1]).toBe(marked.data[i * 3 + 1]);
    }
    expect(psnrWhere(sut.image, reference, mask)).toBeGreaterThan(psnrWhere(marked, reference, mask) + 10);
  });

  it('diffuses thin strokes and synthesises thick areas', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const { width: w, height: h } = reference;
    const mask = discMask(w, h, 140, 60, 20);
    for (let x = 5; x < 90; x++) mask[100 * w + x] = mask[101 * w + x] = 1;
    const sut = inpaintImage(reference, mask, { kind: 'object', feather: 0 });
    expect(sut.stats.diffusedPixels).toBe(170);
    expect(sut.stats.completedPixels).toBeGreaterThan(1200);
  });

  it('refuses an empty mask with a clear message', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const empty = new Uint8Array(reference.width * reference.height);
    expect(() => inpaintImage(reference, empty, { kind: 'object' })).toThrowError(AppError);
    expect(() => inpaintImage(reference, empty, { kind: 'object' })).toThrowError(/mask is empty/);
  });

  it('refuses a mask covering (nearly) the whole image', async () => {
    const reference = await loadFixture('garden-192x128.png');
    const full = new Uint8Array(reference.width * reference.height).fill(1);
    full[0] = 0;
    try {
      inpaintImage(reference, full, { kind: 'watermark' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INVALID_MASK');
      expect((error as AppError).message).toMatch(/whole image/);
    }
  });

  it('asks a learned fill for the opaque mark in a painted box, not for the photo kept around it', async () => {
    const { marked, mark, w, h } = await drawnMark(
      'Wood.jpg',
      480,
      (pw, ph) =>
        `<text x='${pw - 20}' y='${ph - 24}' font-size='26' font-family='DejaVu Sans' fill='white' text-anchor='end'>© 2021 Studio</text>`,
    );
    const box = new Uint8Array(w * h);
    for (let y = h - 52; y < h - 6; y++) for (let x = w - 230; x < w - 8; x++) box[y * w + x] = 1;
    const run = inpaintSteps(marked, box, { kind: 'watermark', seed: 1 });
    const step = run.next();
    expect(step.done).toBe(false);
    const asked = step.value as Uint8Array;
    let inside = 0;
    let covered = 0;
    let marks = 0;
    for (let i = 0; i < box.length; i++) {
      expect(asked[i] <= box[i]).toBe(true);
      inside += asked[i];
      if (!mark[i]) continue;
      marks++;
      covered += asked[i];
    }
    // The letters, grown a little for their anti-aliasing; most of the box is photo, kept as it was.
    expect(covered / marks).toBeGreaterThan(0.9);
    expect(inside).toBeLessThan(0.5 * box.reduce((a, b) => a + b, 0));
    expect(run.next(null).done).toBe(true);
  });
});
