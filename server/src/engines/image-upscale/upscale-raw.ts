import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { UpscaleQuality, UpscaleScale } from './upscale-options';

export interface UpscaleRawOptions {
  /** Where converted models are cached; default data/models. */
  modelDir?: string;
  threads?: number;
  onProgress?: (fraction: number, message?: string) => void;
  signal?: AbortSignal;
}

/**
 * Upscales raw RGB or RGBA pixels in the worker pool with the local ESRGAN, for this engine and for others
 * (face enhancement upscales 2x). Greyscale is widened to RGB. The pixel buffer is copied, not transferred,
 * so the caller keeps its image.
 */
export async function upscaleRaw(
  raw: RawImage,
  scale: UpscaleScale,
  quality: UpscaleQuality,
  pool: WorkerPool,
  options: UpscaleRawOptions = {},
): Promise<RawImage> {
  const rgb = raw.channels === 1 ? greyToRgb(raw) : raw;
  const data = new Uint8Array(rgb.data);
  const result = await pool.run(
    'esrgan-upscale',
    {
      data,
      width: rgb.width,
      height: rgb.height,
      channels: rgb.channels as 3 | 4,
      scale,
      quality,
      modelDir: options.modelDir ?? 'data/models',
      threads: options.threads,
    },
    { transferList: [data.buffer], onProgress: options.onProgress, signal: options.signal },
  );
  return result;
}

function greyToRgb(raw: RawImage): RawImage {
  const data = new Uint8Array(raw.width * raw.height * 3);
  for (let i = 0; i < raw.width * raw.height; i++) data.fill(raw.data[i], i * 3, i * 3 + 3);
  return { data, width: raw.width, height: raw.height, channels: 3 };
}
