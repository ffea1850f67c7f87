import type { RawImage } from '../../lib/image/raw-image';
import type { ImageFormat } from '../../lib/image-intake';
import type { Mask } from '../../lib/image/mask';
import type { InpaintOptions } from '@common/schemas/mode-options';

/** Everything a person (through the API or the CLI) can tune beyond the image and the mask: in common. */
export { inpaintOptionsSchema, type InpaintOptions } from '@common/schemas/mode-options';

export interface InpaintInput extends InpaintOptions {
  image: RawImage;
  /** The result is written in the same format family. */
  format: ImageFormat;
  /** The area to fill, at the image's size. */
  mask: Mask;
  kind: 'watermark' | 'object';
}
