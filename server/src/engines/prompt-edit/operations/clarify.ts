/**
 * "Make it clearer": a small or JPEG-blocky photo goes through the project's restoration (the colour's JPEG
 * clean-up and the learned 2x of its luma, which removes blocks and ringing and restores soft edges; see
 * models/face-retouch), then every photo gets a gentle unsharp mask. A small photo keeps the 2x (clearer is
 * also bigger); a large blocky one is brought back to its own size, keeping the clean-up. A large clean photo
 * is only sharpened.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import { estimateJpegQuality } from '../../../models/face-retouch/jpeg-quality';
import type { WorkerPool } from '../../../inference/pool';
import { restoreAndEnlarge } from '../../face-enhancement/enhance-photo';
import { sharpen } from './filters';
import { viaSharp } from './pixels';

/** The restoration: the photo cleaned and enlarged 2x. Injected, since it runs a network in the worker pool. */
export type Restorer = (image: RawImage, signal?: AbortSignal) => Promise<RawImage>;

/** Under this many pixels a photo is enlarged 2x as it is cleaned. */
export const SMALL_PHOTO_PIXELS = 1_000_000;
/** Saved at this JPEG quality or lower, a photo's blocks and ringing show: worth the restoration. */
export const BLOCKY_QUALITY = 80;
/** The final unsharp mask's amount (filters.sharpen, 0..1): enough to crisp edges, not to halo them. */
const GENTLE = 0.25;

export async function clarify(image: RawImage, restore: Restorer, signal?: AbortSignal): Promise<RawImage> {
  const small = image.width * image.height < SMALL_PHOTO_PIXELS;
  let out = image;
  if (small || isBlocky(image)) {
    const large = await restore(image, signal);
    out = small
      ? large
      : await viaSharp(large, (p) =>
          p.resize(image.width, image.height, { fit: 'fill', kernel: 'lanczos3' }),
        );
  }
  return sharpen(out, GENTLE);
}

/** Whether the photo was saved as a JPEG at BLOCKY_QUALITY or lower, measured from its pixels. */
export function isBlocky(image: RawImage): boolean {
  const { data, width, height, channels } = image;
  const luma = new Float32Array(width * height);
  for (let p = 0, i = 0; p < luma.length; p++, i += channels) {
    luma[p] = channels < 3 ? data[i] : 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  }
  const quality = estimateJpegQuality(luma, width, height);
  return quality !== null && quality <= BLOCKY_QUALITY;
}

/**
 * The restoration through the worker pool, as face enhancement runs it: the photo's JPEG quality and noise
 * measured once, then its strips cleaned and enlarged 2x on the pool's threads.
 */
export function createRestorer(pool: WorkerPool): Restorer {
  return async (image, signal) => {
    const copy = new Uint8Array(image.data);
    const measured = await pool.run(
      'measure-photo',
      { image: { ...image, data: copy } },
      { transferList: [copy.buffer], signal },
    );
    return restoreAndEnlarge(image, measured, [], pool, signal, () => {});
  };
}
