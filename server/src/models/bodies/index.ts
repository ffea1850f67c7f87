import type { WorkerPool } from '../../inference/pool';
import { smallRgbCopy, type RawImage } from '../../lib/image/raw-image';
import type { Body } from './body-detector.model';

export { keypoint, type Body, type Keypoint } from './body-detector.model';

/** The skeleton model sees a 256 px square: a copy this long is all the worker needs. */
const SIDE = 512;

/** Every person's skeleton (17 keypoints, photo pixels), most confident first, found off the event loop. */
export async function detectBodies(image: RawImage, pool: WorkerPool, signal?: AbortSignal): Promise<Body[]> {
  const { copy, scale } = await smallRgbCopy(image, SIDE);
  const { bodies } = await pool.run(
    'detect-bodies',
    { image: copy },
    { transferList: [copy.data.buffer], signal },
  );
  return bodies.map((body) => ({
    score: body.score,
    points: body.points.map((v, i) => (i % 3 === 2 ? v : v * scale)),
  }));
}
