import { z } from 'zod';
import { MODE_OPTIONS } from '@common/schemas/mode-options';
import { modeRunner, type EngineRegistry } from '../../src/engines/mode-runner';
import type { Provider } from '../../src/engines/types';
import { rawToSharp, type RawImage } from '../../src/lib/image/raw-image';
import type { Mask } from '../../src/lib/image/mask';

/**
 * Small real engines for pipeline tests, so they run in milliseconds: a 2x Lanczos enlargement, and a fill that
 * paints the mask with the image's mean colour. The real engines have their own tests.
 */
const resize: Provider<{ image: RawImage; scale: number }> = {
  id: 'test-resize',
  kind: 'local',
  isConfigured: () => true,
  async run({ image, scale }, ctx) {
    ctx.progress(0.5, 'enlarging');
    const [width, height] = [image.width * scale, image.height * scale];
    const out = await rawToSharp(image).resize(width, height, { kernel: 'lanczos3' }).raw().toBuffer();
    return { image: { ...image, data: new Uint8Array(out), width, height } };
  },
};

const meanFill: Provider<{ image: RawImage; mask: Mask }> = {
  id: 'test-mean-fill',
  kind: 'local',
  isConfigured: () => true,
  async run({ image, mask }) {
    const { data, channels } = image;
    const n = image.width * image.height;
    const mean = [0, 1, 2].map((k) => {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += data[i * channels + k];
      return Math.round(sum / n);
    });
    const out = data.slice();
    for (let i = 0; i < n; i++) {
      if (mask.bits[i]) for (let k = 0; k < 3; k++) out[i * channels + k] = mean[k];
    }
    return { image: { ...image, data: out } };
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
      optionsSchema: MODE_OPTIONS['image-upscale'],
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
