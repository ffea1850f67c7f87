import { rawToSharp, type RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import { checkOutputSize } from './output-limit';
import type { UpscaleInput } from './upscale-options';
import { upscaleRaw } from './upscale-raw';

export interface LocalEsrganConfig {
  modelDir: string;
  pool: () => WorkerPool;
  threads?: number;
}

/**
 * zlib level 3 without row filters: measured on a 4096x4096 enlargement, 28 % less encoding CPU than the
 * default level 6 for a file 7 % larger (row filters make it 40 % smaller but cost 1.5 times the time).
 */
export function encodeUpscaledPng(image: RawImage): Promise<Buffer> {
  return rawToSharp(image).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** ESRGAN on onnxruntime in the worker pool, refined against a centred Lanczos; always available. */
export function createLocalEsrganProvider(config: LocalEsrganConfig): Provider<UpscaleInput> {
  return {
    id: 'local-esrgan',
    kind: 'local',
    isConfigured: () => true,
    async run(input: UpscaleInput, ctx: RunContext): Promise<ProviderResult> {
      const { image } = input;
      checkOutputSize(image.width, image.height, input.scale, input.maxOutputPixels);
      const result = await upscaleRaw(image, input.scale, input.quality, config.pool(), {
        modelDir: config.modelDir,
        threads: config.threads,
        signal: ctx.signal,
        onProgress: (fraction) => ctx.progress(fraction, 'Upscaling'),
      });
      return { image: await encodeUpscaledPng(result), mime: 'image/png' };
    },
  };
}
