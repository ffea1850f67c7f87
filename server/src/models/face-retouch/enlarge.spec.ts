import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boxDown, gaussianBlur, type Rgb } from '../../../test/support/degrade';
import { decodeRaw } from '../../lib/image/raw-image';
import { enlarge2x, enlargePhoto } from './enlarge';
import { learned2x, tileStarts } from './learned-2x';
import { toYcc } from './planes';
import { restorePhoto } from './restore';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-grace-hopper-navy-portrait.jpg', import.meta.url),
);

const psnr = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (Math.min(255, Math.max(0, Math.round(a[i]))) - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
};

/** The portrait's luma at half size (its own JPEG grid gone), even-sized: the truth of a 2x. */
async function truth(): Promise<Rgb> {
  const image = await decodeRaw(
    await sharp(await readFile(PORTRAIT))
      .resize(256, 300)
      .png()
      .toBuffer(),
    3,
  );
  return { ...image, channels: 3 };
}

describe('the whole-photo 2x (the learned 2x for luma)', () => {
  it('keeps flat areas flat and ramps straight, with centred pixels', () => {
    const width = 16;
    const height = 12;
    const flat = enlarge2x(new Float32Array(width * height).fill(90), width, height);
    expect(Math.max(...flat.map((v) => Math.abs(v - 90)))).toBeLessThan(1e-3);
    // A ramp of 2 levels per input pixel: 1 level per output pixel, centred (output x reads input (x + 0.5) / 2 - 0.5).
    const ramp = enlarge2x(
      Float32Array.from({ length: width * height }, (_, i) => 2 * (i % width)),
      width,
      height,
    );
    for (let x = 6; x < 2 * width - 6; x++) expect(ramp[5 * 2 * width + x]).toBeCloseTo(x - 0.5, 1);
  });

  it('gives the same 2x tile by tile as the whole plane at once: the context of the tiles covers its view', async () => {
    const { y, width, height } = toYcc(boxDown(await truth(), 2));
    // 600 x 500: two tiles across and two down, the last ones a little shorter.
    const wide = new Float32Array(600 * 500).map(
      (_, i) => y[(Math.floor(i / 600) % height) * width + ((i % 600) % width)],
    );
    const tiled = await learned2x(wide, 600, 500, 40);
    const crop = wide.subarray(0, 600 * 120);
    const alone = await learned2x(crop, 600, 120, 40);
    // Rows far from the crop's lower edge: the crop's own border does not reach them.
    let worst = 0;
    for (let i = 0; i < 1200 * 160; i++) worst = Math.max(worst, Math.abs(tiled[i] - alone[i]));
    expect(worst).toBeLessThan(0.01);
  });

  it("blends the face network's opinion in over a face alone, fading out with no step", async () => {
    const { y, width, height } = toYcc(boxDown(await truth(), 2));
    const face = { x: 40, y: 40, width: 50, height: 60 };
    const alone = await learned2x(y, width, height, 40);
    const withFace = await learned2x(y, width, height, 40, [face]);
    const change = withFace.map((v, i) => v - alone[i]);
    // The box grown by 0.1 of its side takes half the face network; its outer fade ends 0.3 of the side out.
    const at = (x: number, row: number) => change[2 * row * 2 * width + 2 * x];
    let inside = 0;
    for (let row = 40; row < 100; row++) for (let x = 40; x < 90; x++) inside += Math.abs(at(x, row));
    expect(inside / (50 * 60)).toBeGreaterThan(0.3);
    for (let row = 0; row < height; row++)
      for (let x = 0; x < width; x++)
        if (x < 40 - 19 || x >= 90 + 19 || row < 40 - 19 || row >= 100 + 19) expect(at(x, row)).toBe(0);
    // No step where it ends: in the last 3 of its 18 pixels of fade the change is a fraction of the inside's.
    let ring = 0;
    let ringCount = 0;
    for (let row = 40 - 18; row < 100 + 18; row++)
      for (let x = 40 - 18; x < 90 + 18; x++) {
        const out = Math.max(40 - x, x - 89, 40 - row, row - 99);
        if (out < 15) continue;
        ring += Math.abs(at(x, row));
        ringCount++;
      }
    expect(ring / ringCount).toBeLessThan((0.35 * inside) / (50 * 60));
  });

  it('restores a shrunk, slightly blurred quality-40 portrait closer to the truth than a Lanczos 2x of it', async () => {
    const big = await truth();
    const target = toYcc(big).y;
    const gain = async (blurred: boolean) => {
      const small = blurred ? gaussianBlur(boxDown(big, 2), 0.5) : boxDown(big, 2);
      const jpeg = await decodeRaw(
        await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
          .jpeg({ quality: 40 })
          .toBuffer(),
        3,
      );
      const lanczos = enlarge2x(toYcc(jpeg).y, jpeg.width, jpeg.height);
      const { image, report } = restorePhoto(jpeg);
      const ours = await enlargePhoto(image, report.jpegQuality);
      expect([ours.width, ours.height, ours.channels]).toEqual([big.width, big.height, 3]);
      return psnr(toYcc(ours).y, target) - psnr(lanczos, target);
    };
    const [soft, sharpCopy] = [await gain(true), await gain(false)];
    expect(soft).toBeGreaterThan(0.6);
    expect(sharpCopy).toBeGreaterThan(0.6);
  });

  it('cuts a window into as few equal tiles on the JPEG grid as fit, covering it once', () => {
    // A face's window of 280 px is one tile; a photo of 1753 px five of 352 px; a strip of 336 rows one.
    expect(tileStarts(0, 280)).toEqual({ starts: [0], size: 280 });
    expect(tileStarts(0, 1753)).toEqual({ starts: [0, 352, 704, 1056, 1408], size: 352 });
    expect(tileStarts(16, 352)).toEqual({ starts: [16], size: 336 });
    for (const [from, to] of [
      [0, 7],
      [8, 777],
      [40, 2001],
    ]) {
      const { starts, size } = tileStarts(from, to);
      expect(size % 8).toBe(0);
      expect(size).toBeLessThanOrEqual(384);
      expect(starts[0]).toBe(from);
      expect(starts.at(-1)! + size).toBeGreaterThanOrEqual(to);
      expect(starts.at(-1)!).toBeLessThan(to);
    }
  });

  it('enlarges an alpha channel with the picture', async () => {
    const data = new Uint8Array(8 * 8 * 4).map((_, i) => (i % 4 === 3 ? (i < 128 ? 0 : 255) : 120));
    const out = await enlargePhoto({ data, width: 8, height: 8, channels: 4 }, null);
    expect([out.width, out.height, out.channels]).toEqual([16, 16, 4]);
    expect(out.data[3]).toBe(0);
    expect(out.data[out.data.length - 1]).toBe(255);
  });
});
