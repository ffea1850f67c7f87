import sharp from 'sharp';
import { z } from 'zod';
import { modeRunner, type EngineRegistry } from '../../src/engines/mode-runner';
import type { Provider } from '../../src/engines/types';

/**
 * Small real engines for pipeline tests, so they run in milliseconds: a 2x Lanczos enlargement, and a fill that
 * paints the mask with the image's mean colour. The real engines have their own tests.
 */
const resize: Provider<{ image: Buffer; scale: number }> = {
  id: 'test-resize',
  kind: 'local',
  isConfigured: () => true,
  async run({ image, scale }, ctx) {
    const meta = await sharp(image).metadata();
    ctx.progress(0.5, 'enlarging');
    const out = await sharp(image)
      .resize(meta.width! * scale, meta.height! * scale, { kernel: 'lanczos3' })
      .png()
      .toBuffer();
    return { image: out, mime: 'image/png' };
  },
};

const meanFill: Provider<{ image: Buffer; mask: Buffer }> = {
  id: 'test-mean-fill',
  kind: 'local',
  isConfigured: () => true,
  async run({ image, mask }) {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const bits = await sharp(mask).greyscale().raw().toBuffer();
    const stats = await sharp(image).stats();
    const mean = stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
    for (let i = 0; i < bits.length; i++) {
      if (bits[i] >= 128) for (let k = 0; k < 3; k++) data[i * 3 + k] = mean[k];
    }
    const out = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .png()
      .toBuffer();
    return { image: out, mime: 'image/png' };
  },
};

export function failingProvider(message = 'the model crashed'): Provider<unknown> {
  return {
    id: 'test-failing',
    kind: 'local',
    isConfigured: () => true,
    async run() {
      throw new Error(message);
    },
  };
}

export function testEngines(overrides: EngineRegistry = {}): EngineRegistry {
  return {
    'image-upscale': modeRunner({
      engine: { mode: 'image-upscale', providers: [resize] },
      optionsSchema: z.object({ scale: z.union([z.literal(2), z.literal(4)]).default(2) }),
      toInput: (request, options) => ({ image: request.image, scale: options.scale }),
    }),
    'object-removal': modeRunner({
      engine: { mode: 'object-removal', providers: [meanFill] },
      optionsSchema: z.object({}),
      needsMask: true,
      toInput: (request) => ({ image: request.image, mask: request.mask! }),
    }),
    'background-removal': modeRunner({
      engine: { mode: 'background-removal', providers: [failingProvider()] },
      optionsSchema: z.object({}),
      toInput: (request) => request,
    }),
    ...overrides,
  };
}
