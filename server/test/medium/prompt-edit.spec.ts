/*
 * Chat to Edit end to end through the API, with the real engines (local models, no network): a person's
 * instruction on a real photo, and a measurement of the result that says whether it did what was asked.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createEngineRegistry } from '../../src/engines/registry';
import { decodeRaw, type RawImage } from '../../src/lib/image/raw-image';
import { createWorkerPool } from '../../src/inference/pool';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { detail, lightSpread, measure, meanDifference } from '../support/image-measures';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';
import { dateStamped, noisy, sized, watermarked } from '../support/prompt-edit-photos';

interface Case {
  name: string;
  photo: () => Promise<Buffer>;
  prompt: string;
  check(before: RawImage, after: RawImage, answer: { steps: { kind: string }[] }): void;
}

const px = (file: string, width: number) => () => sized(photo(file), width);
const grows = (f: (i: RawImage) => number, by: number) => (b: RawImage, a: RawImage) =>
  expect(f(a)).toBeGreaterThan(f(b) * by);
const shrinks = (f: (i: RawImage) => number, by: number) => (b: RawImage, a: RawImage) =>
  expect(f(a)).toBeLessThan(f(b) * by);
const rises = (f: (i: RawImage) => number, by: number) => (b: RawImage, a: RawImage) =>
  expect(f(a)).toBeGreaterThan(f(b) + by);
const falls = (f: (i: RawImage) => number, by: number) => (b: RawImage, a: RawImage) =>
  expect(f(a)).toBeLessThan(f(b) - by);
const light = (i: RawImage) => measure(i).light;
const chroma = (i: RawImage) => measure(i).chroma;
const warmth = (i: RawImage) => measure(i).redMinusBlue;
const alphaShare = (i: RawImage) => {
  if (i.channels !== 4) return 0;
  let clear = 0;
  for (let k = 3; k < i.data.length; k += 4) if (i.data[k] < 16) clear++;
  return clear / (i.width * i.height);
};

/** The photo's corners are the backdrop after a background change; their colour says which. */
const corner = (i: RawImage) => {
  const k = (2 * i.width + 2) * i.channels;
  return [i.data[k], i.data[k + 1], i.data[k + 2]];
};

const CASES: Case[] = [
  { name: 'brighter', photo: px('Dune.jpg', 480), prompt: 'make it brighter', check: rises(light, 8) },
  {
    name: 'a casual request to lighten a dark portrait',
    photo: async () => sized(await darker(photo('astronaut.png')), 384),
    prompt: 'hi! can someone lighten this up so my face shows? thanks!',
    check: rises(light, 8),
  },
  {
    name: 'darker, a lot',
    photo: px('Aqua.jpg', 480),
    prompt: "it's way too bright, please darken it a lot",
    check: falls(light, 10),
  },
  {
    name: 'black and white',
    photo: px('coffee.png', 400),
    prompt: 'Black and white please',
    check: (_, a) => expect(chroma(a)).toBeLessThan(2),
  },
  {
    name: 'sepia',
    photo: px('GreenMeadow.jpg', 400),
    prompt: 'give it an old sepia look',
    check: (b, a) => {
      expect(warmth(a)).toBeGreaterThan(25);
      expect(chroma(a)).toBeLessThan(chroma(b) + 40);
    },
  },
  { name: 'vivid', photo: px('Dune.jpg', 400), prompt: 'make the colours pop', check: grows(chroma, 1.1) },
  { name: 'muted', photo: px('LadyBird.jpg', 400), prompt: 'less saturated', check: shrinks(chroma, 0.9) },
  { name: 'warmer', photo: px('Storm.jpg', 400), prompt: 'can you make it warmer?', check: rises(warmth, 5) },
  { name: 'cooler', photo: px('Dune.jpg', 400), prompt: 'cooler tones', check: falls(warmth, 5) },
  {
    name: 'contrast',
    photo: px('Blinds.jpg', 400),
    prompt: 'more contrast',
    check: grows(lightSpread, 1.08),
  },
  { name: 'sharpen', photo: px('RainDrops.jpg', 400), prompt: 'sharpen it', check: grows(detail, 1.1) },
  { name: 'blur', photo: px('Garden.jpg', 400), prompt: 'blur it a bit', check: shrinks(detail, 0.8) },
  {
    name: 'denoise',
    photo: () => noisy(photo('Wood.jpg'), 400),
    prompt: 'it is so grainy, remove the noise',
    check: shrinks(detail, 0.8),
  },
  {
    name: 'rotate right',
    photo: px('rocket.jpg', 320),
    prompt: 'rotate it 90 degrees to the right',
    check: (b, a) => expect([a.width, a.height]).toEqual([b.height, b.width]),
  },
  {
    name: 'mirror',
    photo: px('chelsea.png', 300),
    prompt: 'flip it horizontally',
    check: (b, a) => {
      const mirrored = { ...a, data: Uint8Array.from(a.data) };
      for (let y = 0; y < a.height; y++)
        for (let x = 0; x < a.width; x++)
          for (let k = 0; k < 3; k++)
            mirrored.data[(y * a.width + x) * 3 + k] = a.data[(y * a.width + (a.width - 1 - x)) * 3 + k];
      expect(meanDifference(mirrored, b)).toBeLessThan(3);
    },
  },
  {
    name: 'square crop',
    photo: px('coffee.png', 480),
    prompt: 'crop it to a square',
    check: (b, a) => expect([a.width, a.height]).toEqual([b.height, b.height]),
  },
  {
    name: 'story crop',
    photo: px('TwoWings.jpg', 640),
    prompt: 'crop it for an instagram story',
    check: (_, a) => expect(Math.abs(a.width / a.height - 9 / 16)).toBeLessThan(0.01),
  },
  {
    name: 'resize',
    photo: px('Storm.jpg', 600),
    prompt: 'resize to 300 pixels wide',
    check: (b, a) => expect([a.width, a.height]).toEqual([300, Math.round((b.height * 300) / b.width)]),
  },
  {
    name: 'twice as big',
    photo: px('chelsea.png', 160),
    prompt: 'make it twice as big',
    check: (b, a) => expect([a.width, a.height]).toEqual([b.width * 2, b.height * 2]),
  },
  {
    name: 'transparent background',
    photo: px('coffee.png', 400),
    prompt: 'remove the background',
    check: (_, a) => {
      expect(alphaShare(a)).toBeGreaterThan(0.1);
      expect(alphaShare(a)).toBeLessThan(0.95);
    },
  },
  {
    name: 'white background',
    photo: px('coffee.png', 400),
    prompt: 'put it on a plain white background',
    check: (_, a) => expect(Math.min(...corner(a))).toBeGreaterThan(245),
  },
  {
    name: 'compound: square, then black and white',
    photo: px('Garden.jpg', 480),
    prompt: 'crop it to a square, then black and white',
    check: (_, a, answer) => {
      expect(a.width).toBe(a.height);
      expect(chroma(a)).toBeLessThan(2);
      expect(answer.steps.map((s) => s.kind)).toEqual(['crop', 'grayscale']);
    },
  },
  {
    name: 'compound: brighter and no background',
    photo: px('coffee.png', 400),
    prompt: 'Could you please make it brighter and remove the background? Thanks!',
    check: (b, a, answer) => {
      expect(alphaShare(a)).toBeGreaterThan(0.1);
      expect(answer.steps.map((s) => s.kind).sort()).toEqual(['background', 'brightness']);
    },
  },
];

/** Object and mark removal: the named thing's area changes, the rest of the photo stays as it was. */
interface RemovalCase {
  name: string;
  photo: () => Promise<Buffer>;
  prompt: string;
  /** Where the thing is, as fractions of the photo: left, top, right, bottom. */
  region: [number, number, number, number];
}

const REMOVALS: RemovalCase[] = [
  {
    name: 'the cup, asked casually',
    photo: px('coffee.png', 600),
    prompt: 'could you take the cup out of the shot',
    region: [0.15, 0.05, 0.85, 0.85],
  },
  {
    name: 'a date stamp',
    photo: () => dateStamped(photo('Storm.jpg'), 640),
    prompt: 'get rid of the date stamp',
    region: [0.6, 0.8, 1, 1],
  },
  {
    name: 'a watermark',
    photo: () => watermarked(photo('Garden.jpg'), 640),
    prompt: 'Hi, please remove the watermark from this photo',
    region: [0.1, 0.62, 0.9, 0.82],
  },
];

describe('Chat to Edit through the API, with the real engines', () => {
  const target = databaseTargets()[0];
  let people = 0;
  const pool = createWorkerPool({ threads: 1 });
  const app = useTestApp(target, {
    engines: () => createEngineRegistry({ pool }),
    storagePrefix: 'prompt-edit-',
    close: () => pool.close(),
  });

  /** Each case is a new person, with the five credits of their first day. */
  async function edit(image: Buffer, prompt: string) {
    const uid = `person${people++}`;
    const uploaded = await app.upload(uid, image, 'photo.png', 'prompt-edit');
    expect(uploaded.statusCode).toBe(201);
    const response = await app.processImage(uid, uploaded.json().id, { prompt });
    return { uid, response };
  }

  async function resultOf(uid: string, processedPath: string): Promise<RawImage> {
    const served = await app.sut.inject({ method: 'GET', url: processedPath, headers: bearer(uid) });
    expect(served.statusCode).toBe(200);
    const { hasAlpha } = await sharp(served.rawPayload).metadata();
    return decodeRaw(served.rawPayload, hasAlpha ? 4 : 3);
  }

  it.each(CASES)('$name: "$prompt"', async ({ photo: make, prompt, check }) => {
    const image = await make();
    const { uid, response } = await edit(image, prompt);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.steps.length).toBeGreaterThan(0);
    for (const step of answer.steps) expect(step.description).toMatch(/^[A-Z]/);
    check(await decodeRaw(image), await resultOf(uid, answer.processedPath), answer);
  });

  it.each(REMOVALS)('removes $name: "$prompt"', async ({ photo: make, prompt, region }) => {
    const image = await make();
    const { uid, response } = await edit(image, prompt);
    expect(response.statusCode, response.body).toBe(200);
    const before = await decodeRaw(image);
    const after = await resultOf(uid, response.json().processedPath);
    const [l, t, r, b] = region;
    const inside = (x: number, y: number) =>
      x >= l * before.width && x < r * before.width && y >= t * before.height && y < b * before.height;
    expect(meanDifference(before, after, inside)).toBeGreaterThan(4);
    expect(meanDifference(before, after, (x, y) => !inside(x, y))).toBeLessThan(1.5);
  });

  it('refuses what it cannot do with 422, what it can do instead, and no credit spent', async () => {
    const { uid, response } = await edit(
      await sized(photo('chelsea.png'), 200),
      'put a party hat on the cat',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/can't|cannot/i);
    expect(response.json().error.message).toMatch(/remove/i);
    const [row] = await app.database.db.select().from(users).where(eq(users.firebaseUid, uid));
    expect(row.creditsUsed).toBe(0);
  });

  it('says a named thing is not in the photo, and gives the credit back', async () => {
    const { uid, response } = await edit(await sized(photo('chelsea.png'), 300), 'remove the dog');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/couldn't find a dog/i);
    const [row] = await app.database.db.select().from(users).where(eq(users.firebaseUid, uid));
    expect(row.creditsUsed).toBe(0);
  });

  it('previews the plan for free, with what it cannot do', async () => {
    const response = await app.sut.inject({
      method: 'POST',
      url: '/api/prompt/plan',
      headers: bearer('previewer'),
      payload: { prompt: 'crop to a square and make it 20% brighter, also add a rainbow' },
    });
    expect(response.statusCode).toBe(200);
    const plan = response.json();
    expect(plan.steps.map((s: { kind: string }) => s.kind)).toEqual(['crop', 'brightness']);
    expect(plan.skipped).toHaveLength(1);
    expect(
      (await app.sut.inject({ method: 'POST', url: '/api/prompt/plan', payload: { prompt: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

async function darker(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.45, 0).png().toBuffer();
}
