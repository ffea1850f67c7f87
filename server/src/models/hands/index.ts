import type { WorkerPool } from '../../inference/pool';
import { rawToSharp, type RawImage } from '../../lib/image/raw-image';
import type { Hand } from './hand-detector.model';

export type { Hand } from './hand-detector.model';

/** The hand models look at the photo at most this long: it is shrunk here, so the worker gets a small copy. */
const SIDE = 1024;

/** Every hand in the photo with its 21 landmarks (photo pixels), most confident first, found off the event loop. */
export async function detectHands(image: RawImage, pool: WorkerPool, signal?: AbortSignal): Promise<Hand[]> {
  const shrink = Math.min(1, SIDE / Math.max(image.width, image.height));
  const width = Math.max(8, Math.round(image.width * shrink));
  const height = Math.max(8, Math.round(image.height * shrink));
  const data = new Uint8Array(
    await rawToSharp(image)
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer(),
  );
  const { hands } = await pool.run(
    'detect-hands',
    { image: { data, width, height, channels: 3 } },
    { transferList: [data.buffer], signal },
  );
  const scale = 1 / shrink;
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
