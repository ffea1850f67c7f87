/** Finding text drawn over a photo (date stamps, captions, watermarks) and masking it for removal. */
import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { TextMarkTarget } from './text-marks';

export { findTextMarks, type TextMarkLine, type TextMarkTarget } from './text-marks';
export type { TextMarksPayload } from './text-marks.task';

/** findTextMarks in the worker; the image is copied, so the caller keeps its own. */
export async function findTextMarksInWorker(
  pool: WorkerPool,
  image: RawImage,
  target: TextMarkTarget,
  signal?: AbortSignal,
): Promise<Uint8Array | null> {
  const data = image.data.slice();
  const { mask } = await pool.run(
    'text-marks',
    { image: { ...image, data }, target },
    { transferList: [data.buffer], signal },
  );
  return mask;
}
