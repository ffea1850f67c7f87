import type { RawImage } from '../../lib/image/raw-image';
import type { UpscaleQuality, UpscaleScale } from '@common/schemas/mode-options';

/** 2x or 4x, and fast, balanced (default) or best: the schema is common to the API, the CLI and the editor. */
export {
  upscaleOptionsSchema,
  type UpscaleOptions,
  type UpscaleQuality,
  type UpscaleScale,
} from '@common/schemas/mode-options';

export interface UpscaleInput {
  image: RawImage;
  scale: UpscaleScale;
  /** fast = ESRGAN slim, balanced = int8 thick on the detailed blocks (default), best = thick. */
  quality: UpscaleQuality;
  /** The plan's cap on the result, in pixels. */
  maxOutputPixels: number;
}
