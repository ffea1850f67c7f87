import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import type { Box } from '../../../models/detect/types';
import { photo } from '../../../../test/support/uploads';
import { cropAround, frameAround, type Rect } from './crop-around';
import { cropToAspect } from './geometry';
import { viaSharp } from './pixels';

const box = ([x, y, width, height]: number[]): Box => ({ x, y, width, height });
// Face boxes found once by the project's face detector (models/face), largest first.
const MARIACHI_FACES = [
  [820, 279, 148, 159],
  [728, 279, 87, 101],
  [642, 285, 68, 69],
  [371, 145, 67, 66],
  [138, 135, 50, 57],
].map(box);
const DIDGERIDOO_FACE = box([293, 155, 89, 93]);

const holds = (rect: Rect, b: Box) =>
  b.x >= rect.x &&
  b.y >= rect.y &&
  b.x + b.width <= rect.x + rect.width &&
  b.y + b.height <= rect.y + rect.height;
const misses = (rect: Rect, b: Box) =>
  b.x + b.width <= rect.x ||
  b.x >= rect.x + rect.width ||
  b.y + b.height <= rect.y ||
  b.y >= rect.y + rect.height;

/** Mean absolute difference of two same-sized images. */
function difference(a: RawImage, b: RawImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

/** The smallest value of any channel, and the widest range one channel spans. */
function extremes(image: RawImage): { min: number; spread: number } {
  const low = [255, 255, 255];
  const high = [0, 0, 0];
  for (let i = 0; i < image.data.length; i++) {
    const c = i % image.channels;
    low[c] = Math.min(low[c], image.data[i]);
    high[c] = Math.max(high[c], image.data[i]);
  }
  return { min: Math.min(...low), spread: Math.max(...high.map((h, c) => h - low[c])) };
}
const spread = (image: RawImage) => extremes(image).spread;

const region = (image: RawImage, r: Rect) =>
  viaSharp(image, (p) => p.extract({ left: r.x, top: r.y, width: r.width, height: r.height }));

describe('crop around the subject', () => {
  let mariachi: RawImage;
  let didgeridoo: RawImage;
  beforeAll(async () => {
    const group = fileURLToPath(
      new URL('../../../../test/fixtures/detect/face-mariachi-band-smiling.jpg', import.meta.url),
    );
    mariachi = await decodeRaw(readFileSync(group), 3);
    didgeridoo = await decodeRaw(photo('face-didgeridoo-player-body-paint.jpg'), 3);
  });

  it('makes a 1920 x 1080 wallpaper of a group photo with every face whole', async () => {
    const framing = frameAround(mariachi.width, mariachi.height, 16 / 9, MARIACHI_FACES);
    expect(framing.canvas).toBeUndefined();
    for (const face of MARIACHI_FACES) expect(holds(framing.crop, face)).toBe(true);
    const sut = await cropAround(
      mariachi,
      { aspect: { width: 16, height: 9 }, size: { width: 1920, height: 1080 } },
      MARIACHI_FACES,
      36e6,
    );
    expect(sut).toMatchObject({ width: 1920, height: 1080 });
    // The wallpaper is that crop, scaled: brought back to the crop's size it matches the photo there.
    const back = await viaSharp(sut, (p) =>
      p.resize(framing.crop.width, framing.crop.height, { fit: 'fill', kernel: 'lanczos3' }),
    );
    expect(difference(back, await region(mariachi, framing.crop))).toBeLessThan(3);
  });

  it('crops a portrait to 16:9 around a face near the top, with headroom', async () => {
    const sut = await cropAround(didgeridoo, { aspect: { width: 16, height: 9 } }, [DIDGERIDOO_FACE], 36e6);
    expect(sut.width).toBe(didgeridoo.width);
    expect(Math.abs(sut.height - (didgeridoo.width * 9) / 16)).toBeLessThanOrEqual(1);
    const { crop } = frameAround(didgeridoo.width, didgeridoo.height, 16 / 9, [DIDGERIDOO_FACE]);
    expect(holds(crop, DIDGERIDOO_FACE)).toBe(true);
    // The face sits in the upper half of the frame, not squeezed against its top edge.
    const faceMiddle = DIDGERIDOO_FACE.y + DIDGERIDOO_FACE.height / 2 - crop.y;
    expect(faceMiddle / crop.height).toBeGreaterThan(0.3);
    expect(faceMiddle / crop.height).toBeLessThan(0.5);
    expect(difference(sut, await region(didgeridoo, crop))).toBe(0);
  });

  it('keeps the most important faces that fit and cuts through none of the others', () => {
    const { crop } = frameAround(mariachi.width, mariachi.height, 9 / 16, MARIACHI_FACES);
    expect(holds(crop, MARIACHI_FACES[0])).toBe(true);
    expect(MARIACHI_FACES.filter((f) => holds(crop, f)).length).toBeGreaterThanOrEqual(2);
    for (const face of MARIACHI_FACES) expect(holds(crop, face) || misses(crop, face)).toBe(true);
  });

  it('pads with the photo’s blurred edges when even the largest crop would cut the face', async () => {
    const sut = await cropAround(mariachi, { aspect: { width: 1, height: 8 } }, MARIACHI_FACES, 36e6);
    const framing = frameAround(mariachi.width, mariachi.height, 1 / 8, MARIACHI_FACES);
    expect(framing.canvas).toBeDefined();
    const { crop, canvas } = framing as Required<typeof framing>;
    expect(holds(crop, MARIACHI_FACES[0])).toBe(true);
    expect(sut).toMatchObject({ width: canvas.width, height: canvas.height });
    expect(Math.abs(sut.width / sut.height - 1 / 8)).toBeLessThan(0.01);
    // The photo is there untouched, and the pads carry its own colours (no black, no empty canvas).
    const placed = await region(sut, { ...canvas.at, width: crop.width, height: crop.height });
    expect(difference(placed, await region(mariachi, crop))).toBe(0);
    const top = await region(sut, { x: 0, y: 0, width: sut.width, height: canvas.at.y });
    const edge = await region(mariachi, { ...crop, height: 10 });
    const mean = (i: RawImage) => i.data.reduce((a, b) => a + b, 0) / i.data.length;
    expect(Math.abs(mean(top) - mean(edge))).toBeLessThan(25);
    expect(extremes(top).min).toBeGreaterThan(0);
  });

  it('pads a side that a subject touches with a plain colour', async () => {
    // The player's whole figure, down to his feet at the bottom edge, must stay whole in a 16:9 frame.
    const figure = box([120, 120, 480, didgeridoo.height - 120]);
    const sut = await cropAround(didgeridoo, { aspect: { width: 16, height: 9 } }, [figure], 36e6);
    expect(Math.abs(sut.width / sut.height - 16 / 9)).toBeLessThan(0.01);
    const framing = frameAround(didgeridoo.width, didgeridoo.height, 16 / 9, [figure]);
    const left = await region(sut, { x: 0, y: 0, width: framing.canvas!.at.x, height: sut.height });
    // The figure touches neither side, so the side pads are the photo's edges blurred: colour varies.
    expect(spread(left)).toBeGreaterThan(20);
    // A band as wide as the photo touches both sides: carried out, it would smear; the pads are plain.
    const band = box([0, 300, didgeridoo.width, 200]);
    const plain = await cropAround(didgeridoo, { aspect: { width: 4, height: 1 } }, [band], 36e6);
    const at = frameAround(didgeridoo.width, didgeridoo.height, 4, [band]).canvas!.at;
    expect(at.x).toBeGreaterThan(0);
    expect(spread(await region(plain, { x: 0, y: 0, width: at.x, height: plain.height }))).toBe(0);
  });

  it('refuses an exact size past the plan’s pixel limit', async () => {
    await expect(
      cropAround(
        mariachi,
        { aspect: { width: 4, height: 3 }, size: { width: 8000, height: 6000 } },
        MARIACHI_FACES,
        36e6,
      ),
    ).rejects.toMatchObject({ code: 'OUTPUT_TOO_LARGE' });
  });

  it('places the crop by the attention strategy when no subject was found', async () => {
    const coffee = await decodeRaw(photo('coffee.png'), 3);
    const sut = await cropAround(coffee, { aspect: { width: 1, height: 1 } }, [], 36e6);
    expect(difference(sut, await cropToAspect(coffee, { width: 1, height: 1 }))).toBe(0);
  });
});
