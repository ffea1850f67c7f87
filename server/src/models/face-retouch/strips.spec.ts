import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { enlargePhoto } from './enlarge';
import { cropRaw, pasteRaw } from './planes';
import { measurePhoto, restorePhoto } from './restore';
import { restoreStripTask } from './retouch.task';
import { photoStrips } from './strips';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-old-man-sepia-moustache.jpg', import.meta.url),
);

describe('the whole-photo pass in strips', () => {
  it('covers every row once, starts each strip on the JPEG grid and gives each thread a strip', () => {
    for (const [width, height, threads] of [
      [4000, 3000, 2],
      [640, 480, 2],
      [300, 40, 2],
      [1753, 570, 1],
    ]) {
      const strips = photoStrips(width, height, threads);
      expect(strips[0].start).toBe(0);
      expect(strips.at(-1)!.end).toBe(height);
      strips.forEach((s, i) => {
        if (i) expect(s.start).toBe(strips[i - 1].end);
        expect(s.top % 8).toBe(0);
        expect(s.start - s.top).toBeLessThanOrEqual(24);
      });
      if (height >= 128) expect(strips.length).toBeGreaterThanOrEqual(threads);
      expect(strips.every((s) => (s.end - s.start) * width <= 600_000 + 8 * width)).toBe(true);
    }
  });

  it('puts the strips together as the whole photo done at once, with no seam, across a face too', async () => {
    const image = await decodeRaw(
      await sharp(await readFile(PORTRAIT))
        .resize({ width: 320 })
        .jpeg({ quality: 40 })
        .toBuffer(),
      3,
    );
    const measured = measurePhoto(image);
    // A face across the strips' seams: the face network's opinion meets without a seam too.
    const face = { x: 100, y: 60, width: 120, height: 150 };
    const whole = await enlargePhoto(restorePhoto(image, measured).image, measured.jpegQuality, [face]);
    const stitched = { ...whole, data: new Uint8Array(whole.data.length) };
    for (const s of photoStrips(image.width, image.height, 3)) {
      const strip = cropRaw(image, { x: 0, y: s.top, width: image.width, height: s.bottom - s.top });
      const part = await restoreStripTask({
        strip,
        above: s.start - s.top,
        below: s.bottom - s.end,
        measured,
        faces: [{ ...face, y: face.y - s.top }],
      });
      pasteRaw(stitched, part, 0, 2 * s.start);
    }
    let worst = 0;
    let total = 0;
    for (let i = 0; i < whole.data.length; i++) {
      const d = Math.abs(whole.data[i] - stitched.data[i]);
      worst = Math.max(worst, d);
      total += d;
    }
    expect(total / whole.data.length).toBeLessThan(0.05);
    expect(worst).toBeLessThanOrEqual(3);
  });
});
