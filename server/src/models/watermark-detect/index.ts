/** Finding watermarks on a photo by themselves, so nobody has to paint them. */
import type { RawImage } from '../../lib/image/raw-image';
import type { Mask } from '../../lib/image/mask';
import type { WorkerPool } from '../../inference/pool';

export { findWatermark, type WatermarkFindings } from './find-watermark';

/** findWatermark in the worker, as a Mask; the image is copied, so the caller keeps its own. */
export async function findWatermarkInWorker(
  pool: WorkerPool,
  image: RawImage,
  signal?: AbortSignal,
): Promise<Mask | null> {
  const data = image.data.slice();
  const { mask } = await pool.run(
    'detect-watermark',
    { image: { ...image, data } },
    { transferList: [data.buffer], signal },
  );
  return mask ? { bits: mask, width: image.width, height: image.height } : null;
}
