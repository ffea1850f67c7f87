import { encodePng } from '../../lib/image';
import type { WorkerPool } from '../../workers/pool';
import type { Provider, ProviderResult, RunContext } from '../types';
import { checkOutputSize } from './output-limit';
import type { UpscaleInput } from './upscale-options';
import { upscaleRaw } from './upscale-raw';

export interface LocalEsrganConfig {
  modelDir: string;
  pool: () => WorkerPool;
  threads?: number;
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
      return { image: await encodePng(result), mime: 'image/png' };
    },
  };
}
