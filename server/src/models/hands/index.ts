import type { WorkerPool } from '../../inference/pool';
import { smallRgbCopy, type RawImage } from '../../lib/image/raw-image';
import type { Hand } from './hand-detector.model';

export type { Hand } from './hand-detector.model';

/** The hand models look at the photo at most this long: it is shrunk here, so the worker gets a small copy. */
const SIDE = 1024;

/** Every hand in the photo with its 21 landmarks (photo pixels), most confident first, found off the event loop. */
export async function detectHands(image: RawImage, pool: WorkerPool, signal?: AbortSignal): Promise<Hand[]> {
  const { copy, scale } = await smallRgbCopy(image, SIDE);
  const { hands } = await pool.run(
    'detect-hands',
    { image: copy },
    { transferList: [copy.data.buffer], signal },
  );
  return hands.map((hand) => ({
    score: hand.score,
    box: {
      x: hand.box.x * scale,
      y: hand.box.y * scale,
      width: hand.box.width * scale,
      height: hand.box.height * scale,
    },
    points: hand.points.map((v) => v * scale),
  }));
}
