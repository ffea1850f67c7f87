/*
 * Chat to Edit's repairs through the API, with the real engines: requests said the way people post them, on
 * real photos, each result measured; and a removal of a thing no detector knows, with and without the mask
 * the person tapped or painted.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEngineRegistry } from '../../src/engines/registry';
import { estimateTilt } from '../../src/engines/prompt-edit/operations/straighten';
import { decodeRaw, encodePng, type RawImage } from '../../src/lib/image/raw-image';
import { detectFaces } from '../../src/models/face';
import { createWorkerPool } from '../../src/inference/pool';
import { databaseTargets } from '../support/databases';
import { changedPixels, eyesOver, paintBloodshot, paintPupils, weightedMean } from '../support/face-paint';
import { bearer } from '../support/fake-verifier';
import { measure, meanDifference } from '../support/image-measures';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

describe('Chat to Edit repairs through the API, with the real engines', () => {
  const target = databaseTargets()[0];
  let people = 0;
  const pool = createWorkerPool({ threads: 1 });
  const app = useTestApp(target, {
    engines: () => createEngineRegistry({ pool }),
    storagePrefix: 'prompt-edit-fixes-',
    close: () => pool.close(),
  });

  async function edit(image: Buffer, prompt: string, maskData?: string) {
    const uid = `fixer${people++}`;
    const uploaded = await app.upload(uid, image, 'photo.png', 'prompt-edit');
    expect(uploaded.statusCode).toBe(201);
    const response = await app.processImage(uid, uploaded.json().id, {
      prompt,
      ...(maskData ? { maskData } : {}),
    });
    return { uid, response };
  }

  async function resultOf(uid: string, processedPath: string): Promise<RawImage> {
    const served = await app.sut.inject({ method: 'GET', url: processedPath, headers: bearer(uid) });
    expect(served.statusCode).toBe(200);
    return decodeRaw(served.rawPayload, 3);
  }

  it('levels a photo turned by 4 degrees: "level this photo, the horizon is crooked"', async () => {
    const tilted = await sharp(photo('face-cameraman-profile-grey.png'))
      .rotate(4, { background: '#808080' })
      .resize(700)
      .png()
      .toBuffer();
    const { uid, response } = await edit(tilted, 'level this photo, the horizon is crooked');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps.map((s: { kind: string }) => s.kind)).toEqual(['straighten']);
    const result = await resultOf(uid, response.json().processedPath);
    expect(Math.abs(estimateTilt(result) ?? 0)).toBeLessThan(1);
  });

  it('makes a 1920 x 1080 wallpaper: "Make it a 1920x1080 wallpaper please"', async () => {
    const { uid, response } = await edit(photo('Blinds.jpg'), 'Make it a 1920x1080 wallpaper please');
    expect(response.statusCode, response.body).toBe(200);
    const result = await resultOf(uid, response.json().processedPath);
    expect([result.width, result.height]).toEqual([1920, 1080]);
  });

  it('cuts the strip said off its side and keeps the rest as it was: "crop out the bottom third"', async () => {
    const image = await sharp(photo('Blinds.jpg')).resize(600).png().toBuffer();
    const { uid, response } = await edit(image, 'crop out the bottom third');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps).toEqual([{ kind: 'crop', description: 'Cut the bottom third off' }]);
    const before = await decodeRaw(image, 3);
    const after = await resultOf(uid, response.json().processedPath);
    expect(after.width).toBe(before.width);
    expect(after.height).toBeCloseTo((before.height * 2) / 3, -1);
    // the top two thirds are the photo's own, row for row
    expect(meanDifference(after, before)).toBeLessThan(1);
  });

  it('darkens the corners and leaves the middle: "add a vignette"', async () => {
    const image = await sharp(photo('Blinds.jpg')).resize(600).png().toBuffer();
    const { uid, response } = await edit(image, 'add a vignette');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps.map((s: { kind: string }) => s.kind)).toEqual(['vignette']);
    const before = await decodeRaw(image, 3);
    const after = await resultOf(uid, response.json().processedPath);
    const corner = [0, 0.12, 0, 0.12] as const;
    const middle = [0.4, 0.6, 0.4, 0.6] as const;
    expect(measure(cropOf(after, ...corner)).light).toBeLessThan(
      measure(cropOf(before, ...corner)).light * 0.93,
    );
    expect(
      Math.abs(measure(cropOf(after, ...middle)).light - measure(cropOf(before, ...middle)).light),
    ).toBeLessThan(3);
  });

  it('keeps only the red in colour: "make it black and white but keep the red"', async () => {
    const image = await sharp(photo('coffee.png')).png().toBuffer();
    const { uid, response } = await edit(image, 'make it black and white but keep the red');
    expect(response.statusCode, response.body).toBe(200);
    const before = await decodeRaw(image);
    const after = await resultOf(uid, response.json().processedPath);
    expect(measure(after).chroma).toBeLessThan(measure(before).chroma * 0.6);
    expect(measure(after).chroma).toBeGreaterThan(1);
  });

  it('greys the background and keeps the subject in colour: "make the background grayscale"', async () => {
    const image = await sharp(photo('face-didgeridoo-player-body-paint.jpg')).resize(480).png().toBuffer();
    const { uid, response } = await edit(image, 'make the background grayscale');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps.map((s: { kind: string }) => s.kind)).toEqual(['selective-colour']);
    const before = await decodeRaw(image);
    const after = await resultOf(uid, response.json().processedPath);
    // shares of the photo: the plant behind him on the right, and his painted chest
    const chromaIn = (raw: RawImage, x0: number, x1: number, y0: number, y1: number) =>
      measure(cropOf(raw, x0, x1, y0, y1)).chroma;
    const plant = [0.65, 0.95, 0.05, 0.4] as const;
    const chest = [0.25, 0.45, 0.32, 0.45] as const;
    expect(chromaIn(after, ...plant)).toBeLessThan(chromaIn(before, ...plant) * 0.25);
    expect(chromaIn(after, ...chest)).toBeGreaterThan(chromaIn(before, ...chest) * 0.85);
  });

  it('takes the red out of red eyes: "the flash gave her red eyes, can you fix it?"', async () => {
    const original = await decodeRaw(photo('astronaut.png'));
    const [face] = await detectFaces(original, pool);
    const { image: painted, disk } = paintPupils(original, face, [200, 30, 35]);
    const { uid, response } = await edit(
      await encodePng(painted),
      'the flash gave her red eyes, can you fix it?',
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = await resultOf(uid, response.json().processedPath);
    const redness = (i: RawImage) => weightedMean(i, disk, (r, g, b) => r / (g + b + 1));
    expect(redness(after)).toBeLessThan(redness(painted) * 0.5);
  });

  it('clears red veins from the whites: "my eyes are so red, I had been crying all night. fix them?"', async () => {
    const original = await decodeRaw(photo('astronaut.png'));
    const [face] = await detectFaces(original, pool);
    const { image: painted, veins } = paintBloodshot(original, face);
    const { uid, response } = await edit(
      await encodePng(painted),
      'my eyes are so red, I had been crying all night. fix them?',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps.map((s: { kind: string }) => s.kind)).toEqual(['clear-eye-whites']);
    const after = await resultOf(uid, response.json().processedPath);
    const redness = (i: RawImage) => weightedMean(i, veins, (r, g, b) => r / (g + b + 1));
    // The painted veins' excess red over the photo's own: measured 0.48 of it left, in eyes 20 px wide whose
    // lids' edges stay.
    expect(redness(after) - redness(original)).toBeLessThan(0.6 * (redness(painted) - redness(original)));
  });

  it('brightens the eyes and nothing else: "make my eyes brighter"', async () => {
    const original = await decodeRaw(photo('astronaut.png'), 3);
    const [face] = await detectFaces(original, pool);
    const { uid, response } = await edit(await encodePng(original), 'make my eyes brighter');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps.map((s: { kind: string }) => s.kind)).toEqual(['brighten-eyes']);
    const after = await resultOf(uid, response.json().processedPath);
    const eyes = eyesOver(original, face);
    const lightness = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
    expect(weightedMean(after, eyes, lightness) - weightedMean(original, eyes, lightness)).toBeGreaterThan(4);
    expect(changedPixels(original, after).filter((p) => !eyes[p])).toEqual([]);
  });

  it('asks for the thing no detector knows, then removes what the person showed', async () => {
    const image = await sharp(photo('Garden.jpg')).resize(640).png().toBuffer();
    const asked = await edit(image, 'please remove the sticker on the left');
    expect(asked.response.statusCode).toBe(400);
    expect(asked.response.json().error.message).toBe(
      'Tap or paint "sticker on the left" on the photo first.',
    );

    const before = await decodeRaw(image);
    const marked = (x: number, y: number) => x >= 60 && x < 160 && y >= 120 && y < 220;
    const { uid, response } = await edit(
      image,
      'please remove the sticker on the left',
      await maskData(before, marked),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps).toEqual([
      { kind: 'remove-marked', description: 'Removed "sticker on the left"' },
    ]);
    const after = await resultOf(uid, response.json().processedPath);
    expect(meanDifference(before, after, marked)).toBeGreaterThan(4);
    expect(meanDifference(before, after, (x, y) => !marked(x, y))).toBeLessThan(1);
  });

  it('blurs a face past recognition and nothing else: "pixelate her face"', async () => {
    const original = await decodeRaw(photo('astronaut.png'), 3);
    const [face] = await detectFaces(original, pool);
    const { uid, response } = await edit(await encodePng(original), 'pixelate her face');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().steps).toEqual([{ kind: 'blur', description: 'Blurred the face' }]);
    const after = await resultOf(uid, response.json().processedPath);
    const { x, y, width, height } = face.box;
    const inFace = (px: number, py: number) =>
      px >= x + 0.25 * width && px < x + 0.75 * width && py >= y + 0.25 * height && py < y + 0.75 * height;
    const ellipse = (px: number, py: number) =>
      Math.hypot((px - x - width / 2) / (0.85 * width), (py - y - height / 2) / (0.95 * height)) <= 1;
    expect(detailWhere(after, inFace)).toBeLessThan(0.35 * detailWhere(original, inFace));
    expect(meanDifference(original, after, (px, py) => !ellipse(px, py))).toBe(0);
  });

  it('asks for a thing to hide, then blurs what the person showed: "blur my license plate"', async () => {
    const image = await sharp(photo('Garden.jpg')).resize(640).png().toBuffer();
    const asked = await edit(image, 'blur my license plate');
    expect(asked.response.statusCode).toBe(400);
    expect(asked.response.json().error.message).toBe('Tap or paint "my license plate" on the photo first.');
    const before = await decodeRaw(image);
    const plate = (x: number, y: number) => x >= 300 && x < 420 && y >= 200 && y < 240;
    const { uid, response } = await edit(image, 'blur my license plate', await maskData(before, plate));
    expect(response.statusCode, response.body).toBe(200);
    const after = await resultOf(uid, response.json().processedPath);
    expect(detailWhere(after, plate)).toBeLessThan(0.35 * detailWhere(before, plate));
    const far = (x: number, y: number) => x < 280 || x >= 440 || y < 180 || y >= 260;
    expect(meanDifference(before, after, far)).toBe(0);
  });

  it('keeps in colour the thing the person showed: "black and white except for the flowers"', async () => {
    const image = await sharp(photo('Garden.jpg')).resize(640).png().toBuffer();
    const prompt = 'Convert the image to grayscale except for the flowers.';
    const asked = await edit(image, prompt);
    expect(asked.response.statusCode).toBe(400);
    expect(asked.response.json().error.message).toBe('Tap or paint "flowers" on the photo first.');

    const before = await decodeRaw(image);
    const shown = [0.3, 0.6, 0.4, 0.7] as const;
    const inside = (x: number, y: number) =>
      x >= shown[0] * before.width &&
      x < shown[1] * before.width &&
      y >= shown[2] * before.height &&
      y < shown[3] * before.height;
    const { uid, response } = await edit(image, prompt, await maskData(before, inside));
    expect(response.statusCode, response.body).toBe(200);
    const after = await resultOf(uid, response.json().processedPath);
    expect(measure(cropOf(after, ...shown)).chroma).toBeGreaterThan(
      measure(cropOf(before, ...shown)).chroma * 0.9,
    );
    expect(measure(cropOf(after, 0, 1, 0, 0.3)).chroma).toBeLessThan(
      measure(cropOf(before, 0, 1, 0, 0.3)).chroma * 0.1,
    );
  });
});

/** A mask the person painted, as the editor sends it: white where `marked`, as a PNG data URL. */
async function maskData(image: RawImage, marked: (x: number, y: number) => boolean): Promise<string> {
  const white = Buffer.alloc(image.width * image.height);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) if (marked(x, y)) white[y * image.width + x] = 255;
  const mask = await sharp(white, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${mask.toString('base64')}`;
}

/** Mean step between horizontal neighbours' green where `inside` holds: how much detail is left there. */
function detailWhere(image: RawImage, inside: (x: number, y: number) => boolean): number {
  const { data, width, height, channels } = image;
  let [sum, n] = [0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x + 1 < width; x++) {
      if (!inside(x, y) || !inside(x + 1, y)) continue;
      const i = (y * width + x) * channels + 1;
      sum += Math.abs(data[i] - data[i + channels]);
      n++;
    }
  return sum / Math.max(1, n);
}

/** The pixels inside a box given as shares of the photo's width and height. */
function cropOf(raw: RawImage, x0: number, x1: number, y0: number, y1: number): RawImage {
  const [left, right] = [Math.round(x0 * raw.width), Math.round(x1 * raw.width)];
  const [top, bottom] = [Math.round(y0 * raw.height), Math.round(y1 * raw.height)];
  const width = right - left;
  const data = new Uint8Array(width * (bottom - top) * raw.channels);
  for (let y = top; y < bottom; y++)
    data.set(
      raw.data.subarray((y * raw.width + left) * raw.channels, (y * raw.width + right) * raw.channels),
      (y - top) * width * raw.channels,
    );
  return { data, width, height: bottom - top, channels: raw.channels };
}
