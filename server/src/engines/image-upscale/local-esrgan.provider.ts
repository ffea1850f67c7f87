import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { decodeRaw, encodePng } from '../../lib/image';
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
      const meta = await sharp(input.image)
        .metadata()
        .catch(() => {
          throw new AppError('INVALID_IMAGE', 'The image could not be read.');
        });
      const oriented = (meta.orientation ?? 1) >= 5;
      const width = (oriented ? meta.height : meta.width) ?? 0;
      const height = (oriented ? meta.width : meta.height) ?? 0;
      checkOutputSize(width, height, input.scale, input.maxOutputPixels);
      const raw = await decodeRaw(input.image, meta.hasAlpha ? 4 : 3);
      const result = await upscaleRaw(raw, input.scale, input.quality, config.pool(), {
        modelDir: config.modelDir,
        threads: config.threads,
        signal: ctx.signal,
        onProgress: (fraction) => ctx.progress(fraction, 'Upscaling'),
      });
      return { image: await encodePng(result), mime: 'image/png' };
    },
  };
}
