import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import { encodePng, type RawImage } from '../../lib/image';
import { MAX_INPUT_PIXELS } from '@common/plans';
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
      const raw = await decodeRgb(input.image, meta.hasAlpha === true);
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

/** Oriented 8-bit sRGB (greyscale and 16-bit photos included), with alpha when the image has it. */
async function decodeRgb(image: Buffer, alpha: boolean): Promise<RawImage> {
  const pipeline = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().toColourspace('srgb');
  const { data, info } = await (alpha ? pipeline.ensureAlpha() : pipeline.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: alpha ? 4 : 3,
  };
}
