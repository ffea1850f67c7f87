import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import { checkOutputSize } from './output-limit';
import type { UpscaleInput } from './upscale-options';

export interface LocalEsrganConfig {
  modelDir: string;
  pool: () => WorkerPool;
  threads?: number;
}

/**
 * ESRGAN on onnxruntime in the worker pool, refined against a centred Lanczos; always available. Its pixels
 * are the whole answer, so other engines (the headshot's enlargement) call it as they find it. RGB or RGBA;
 * greyscale is widened to RGB. The pixels are copied, not transferred, so the caller keeps its image.
 */
export function createLocalEsrganProvider(config: LocalEsrganConfig): Provider<UpscaleInput> {
  return {
    id: 'local-esrgan',
    kind: 'local',
    isConfigured: () => true,
    async run(input: UpscaleInput, ctx: RunContext): Promise<ProviderResult> {
      checkOutputSize(input.image.width, input.image.height, input.scale, input.maxOutputPixels);
      const rgb = input.image.channels === 1 ? greyToRgb(input.image) : input.image;
      const data = new Uint8Array(rgb.data);
      const image = await config.pool().run(
        'esrgan-upscale',
        {
          data,
          width: rgb.width,
          height: rgb.height,
          channels: rgb.channels as 3 | 4,
          scale: input.scale,
          quality: input.quality,
          modelDir: config.modelDir,
          threads: config.threads,
        },
        {
          transferList: [data.buffer],
          signal: ctx.signal,
          onProgress: (fraction) => ctx.progress(fraction, 'Upscaling'),
        },
      );
      return { image };
    },
  };
}

function greyToRgb(raw: RawImage): RawImage {
  const data = new Uint8Array(raw.width * raw.height * 3);
  for (let i = 0; i < raw.width * raw.height; i++) data.fill(raw.data[i], i * 3, i * 3 + 3);
  return { data, width: raw.width, height: raw.height, channels: 3 };
}
