/**
 * The main thread's side of the detection tasks, apart from the score rules in locate.ts that the tasks
 * themselves use: the pool's task list types these calls, so a task importing them would import itself.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { LocateResult } from './locate';
import type { Detection, ObjectSelector } from './types';

/**
 * "Remove the dog on the left": detection, selection and the object's mask (0/1 per pixel, the image's size,
 * grown to cover soft edges) in one worker call; or, when the photo has no such object, the labels it does
 * have. The image is copied for the worker, so the caller keeps its own.
 */
export async function locateForRemoval(
  pool: WorkerPool,
  image: RawImage,
  label: string,
  selector: ObjectSelector,
  signal?: AbortSignal,
): Promise<LocateResult> {
  const data = image.data.slice();
  return pool.run(
    'locate-object',
    { image: { ...image, data }, label, selector },
    { transferList: [data.buffer], signal },
  );
}

/** Every detection at or above NAMED_SCORE, in image pixels, from the worker. */
export async function detectObjects(
  pool: WorkerPool,
  image: RawImage,
  signal?: AbortSignal,
): Promise<Detection[]> {
  const data = image.data.slice();
  const { detections } = await pool.run(
    'detect-objects',
    { image: { ...image, data } },
    { transferList: [data.buffer], signal },
  );
  return detections;
}
