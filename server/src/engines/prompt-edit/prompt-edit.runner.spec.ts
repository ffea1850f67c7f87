import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { decodePhoto, type RawImage } from '../../lib/image/raw-image';
import { runOnFile } from '../run-on-file';
import { silentLogger } from '../../lib/logger';
import type { ModeRunner } from '../mode-runner';
import type { Provider } from '../types';
import type { Locator } from './locate';
import type { PromptEditInput } from './prompt-edit.input';
import { createPromptEditRunner } from './prompt-edit.runner';

const ctx = { signal: new AbortController().signal, timeoutMs: 1000, log: silentLogger, progress: () => {} };
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a8' } })
    .jpeg()
    .toBuffer();
const request = async (prompt: string) => ({
  ...(await decodePhoto(await photo())),
  mask: null,
  prompt,
  options: {},
  plan: 'free' as const,
});

/**
 * A stand-in for another mode: it answers flat grey pixels of the same size, so its use is visible, and keeps
 * what it was given and what it answered.
 */
function greyMode(
  mode: ModeRunner['mode'],
): ModeRunner & { calls: number; given: RawImage[]; answered: RawImage[] } {
  const runner = {
    mode,
    needsMask: false,
    calls: 0,
    given: [] as RawImage[],
    answered: [] as RawImage[],
    parseOptions: () => ({}),
    async run(input: { image: RawImage }) {
      runner.calls++;
      runner.given.push(input.image);
      const { width, height } = input.image;
      const image: RawImage = {
        data: new Uint8Array(width * height * 3).fill(128),
        width,
        height,
        channels: 3,
      };
      runner.answered.push(image);
      return { image, providerId: `test-${mode}` };
    },
  };
  return runner;
}

const nowhere: Locator = {
  objects: async () => ({ mask: null, seen: ['cat'] }),
  textMarks: async () => null,
  faces: async () => [],
  subjects: async () => [],
};

function cloud(configured: boolean): Provider<PromptEditInput> & { run: ReturnType<typeof vi.fn> } {
  return {
    id: 'test-cloud',
    kind: 'cloud',
    isConfigured: () => configured,
    run: vi.fn(async ({ image }: PromptEditInput) => ({
      image,
      steps: [{ kind: 'cloud-edit', description: 'Edited in the cloud' }],
    })),
  };
}

describe('the prompt-edit runner', () => {
  it('runs the plan and lists the steps in plain words', async () => {
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere });
    const result = await sut.run(await request('make it black and white and rotate it left'), ctx);
    expect(result.providerId).toBe('local-plan');
    expect(result.steps?.map((s) => s.description)).toEqual([
      'Made it black and white',
      'Rotated it 90° anticlockwise',
    ]);
    expect([result.image.width, result.image.height, result.image.channels]).toEqual([48, 64, 3]);
  });

  it('cuts the strips of the photo a crop names, and nothing else', async () => {
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere });
    const result = await sut.run(await request('crop out the bottom third and 25% off the right'), ctx);
    expect(result.steps?.map((s) => s.description)).toEqual([
      'Cut the bottom third off, the right quarter off',
    ]);
    expect([result.image.width, result.image.height]).toEqual([48, 32]);
  });

  it('hands pixels from step to step and answers them, so the result is encoded once, at the edge', async () => {
    const upscale = greyMode('image-upscale');
    const background = greyMode('background-removal');
    const sut = createPromptEditRunner({
      runners: { 'image-upscale': upscale, 'background-removal': background },
      locator: nowhere,
    });
    const image = await photo();
    const formats = ['jpeg', 'png', 'webp'] as const;
    const encoders = formats.map((format) => vi.spyOn(sharp.prototype, format));
    try {
      const result = await runOnFile(sut, {
        image,
        mask: null,
        prompt: 'upscale it 2x, then a white background, then make it black and white',
        options: {},
      });
      expect(result.steps?.map((s) => s.kind)).toEqual(['upscale', 'background', 'grayscale']);
      // The background step got the very pixels the upscale answered: nothing was written and read between.
      expect(background.given[0]).toBe(upscale.answered[0]);
      expect(encoders.map((encoder) => encoder.mock.calls.length)).toEqual([1, 0, 0]);
      expect([result.mime, result.width, result.height]).toEqual(['image/jpeg', 64, 48]);
    } finally {
      for (const encoder of encoders) encoder.mockRestore();
    }
  });

  it('hands on an opaque RGBA answer as RGB, as a photo is read, and a see-through one with its alpha', async () => {
    const upscale = greyMode('image-upscale');
    /** A cut-out that answers grey RGBA pixels, every one with this alpha. */
    const rgba = (alpha: number) =>
      Object.assign(greyMode('background-removal'), {
        async run(input: { image: RawImage }) {
          const { width, height } = input.image;
          const data = new Uint8Array(width * height * 4).fill(128);
          for (let i = 3; i < data.length; i += 4) data[i] = alpha;
          return { image: { data, width, height, channels: 4 as const }, providerId: 'test-rgba' };
        },
      });
    for (const [alpha, channels] of [
      [255, 3],
      [100, 4],
    ] as const) {
      const sut = createPromptEditRunner({
        runners: { 'background-removal': rgba(alpha), 'image-upscale': upscale },
        locator: nowhere,
      });
      const result = await sut.run(await request('white background please, then upscale it 2x'), ctx);
      expect(result.steps?.map((s) => s.kind)).toEqual(['background', 'upscale']);
      expect(upscale.given.at(-1)?.channels).toBe(channels);
    }
  });

  it('refuses before any work when nothing can be done, and names what can', () => {
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere });
    expect(() => sut.check?.({ prompt: 'add a hat', options: {} })).toThrow(/can't add/);
    expect(() => sut.check?.({ prompt: 'make it warmer', options: {} })).not.toThrow();
  });

  it('answers a step whose engine is missing here as not available, and runs the rest', async () => {
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere });
    expect(() => sut.check?.({ prompt: 'enhance his face', options: {} })).toThrow(/not available yet/);
    const result = await sut.run(await request('enhance his face and make it warmer'), ctx);
    expect(result.steps?.map((s) => s.kind)).toEqual(['warmth']);
    expect(result.note).toMatch(/not available yet/);
  });

  it('hands whole-engine steps to their mode', async () => {
    const background = greyMode('background-removal');
    const sut = createPromptEditRunner({ runners: { 'background-removal': background }, locator: nowhere });
    const result = await sut.run(await request('white background please'), ctx);
    expect(background.calls).toBe(1);
    expect(result.steps?.[0].description).toBe('Replaced the background with #ffffff');
  });

  it('says what it saw when the named thing is not in the photo', async () => {
    const sut = createPromptEditRunner({
      runners: { 'object-removal': greyMode('object-removal') },
      locator: nowhere,
    });
    await expect(sut.run(await request('remove the dog'), ctx)).rejects.toMatchObject({
      code: 'NOTHING_TO_DO',
      message:
        "I couldn't find a dog in this photo. I can see a cat. Tap or paint it on the photo and I'll remove it.",
    });
  });

  it('removes what the person tapped or painted when no detector knows the thing', async () => {
    const removal = greyMode('object-removal');
    const sut = createPromptEditRunner({ runners: { 'object-removal': removal }, locator: nowhere });
    expect(() => sut.check?.({ prompt: 'remove the RV sticker', options: {}, hasMask: false })).toThrow(
      'Tap or paint "RV sticker" on the photo first.',
    );
    expect(() => sut.check?.({ prompt: 'remove the RV sticker', options: {}, hasMask: true })).not.toThrow();
    const input = await request('remove the RV sticker');
    const bits = new Uint8Array(input.image.width * input.image.height);
    bits.fill(1, 0, 200);
    const result = await sut.run(
      { ...input, mask: { bits, width: input.image.width, height: input.image.height } },
      ctx,
    );
    expect(removal.calls).toBe(1);
    expect(result.steps).toEqual([{ kind: 'remove-marked', description: 'Removed "RV sticker"' }]);
  });

  it('takes the tapped mask when the detector does not find the named thing', async () => {
    const removal = greyMode('object-removal');
    const sut = createPromptEditRunner({ runners: { 'object-removal': removal }, locator: nowhere });
    const input = await request('remove the dog');
    const bits = new Uint8Array(input.image.width * input.image.height).fill(1, 0, 100);
    await sut.run({ ...input, mask: { bits, width: input.image.width, height: input.image.height } }, ctx);
    expect(removal.calls).toBe(1);
  });

  it('asks a configured cloud editor only for wishes the local plan cannot do', async () => {
    const editor = cloud(true);
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere, cloud: [editor] });
    expect(() => sut.check?.({ prompt: 'add a hat', options: {} })).not.toThrow();
    const generated = await sut.run(await request('add a hat'), ctx);
    expect(generated.providerId).toBe('test-cloud');
    expect(editor.run).toHaveBeenCalledTimes(1);
    await sut.run(await request('make it warmer'), ctx);
    expect(editor.run).toHaveBeenCalledTimes(1);
  });

  it('keeps a cloud editor without a key out of the chain', async () => {
    const editor = cloud(false);
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere, cloud: [editor] });
    expect(() => sut.check?.({ prompt: 'add a hat', options: {} })).toThrow(/can't add/);
    expect(editor.run).not.toHaveBeenCalled();
  });

  it('previews the plan in short words', () => {
    const sut = createPromptEditRunner({ runners: {}, locator: nowhere });
    expect(sut.preview?.('crop to a square and brighten it by 20%, also add a rainbow')).toEqual({
      steps: [
        { kind: 'crop', description: 'crop to 1:1' },
        { kind: 'brightness', description: 'brighten +20 %' },
      ],
      skipped: [expect.objectContaining({ text: 'add a rainbow' })],
    });
  });
});
