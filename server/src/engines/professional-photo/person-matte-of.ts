/**
 * The people's matte on the headshot's part of the photo: RVM's, refined at the photo's edges, with the body
 * firmed; ISNet's where RVM sees no one on the face; refused when neither holds the face.
 */
import { AppError } from '../../lib/errors';
import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import type { Face, FaceBox } from '../../models/face';
import { cropRaw } from '../../models/face-retouch';
import type { LevelFace } from '../../models/headshot/framing';
import { firmBody } from '../../models/headshot/person';

/**
 * The person matte must hold at least this share of the face's middle: below it the matting model did not see
 * the person (a hazy or washed-out photo), and a headshot from it would be an empty backdrop.
 */
const MIN_FACE_MATTE = 0.5;
const NO_PERSON_MESSAGE =
  'The person in this photo could not be told apart from the background, so there is nothing to put on a new backdrop. A photo with clearer light on the person should work.';

/** The people's matte on `bounds` of the photo (RVM refined at the photo's edges, the body firmed); one person is kept later. */
export async function personMatteOf(
  image: RawImage,
  bounds: FaceBox,
  level: LevelFace,
  face: Face,
  pool: WorkerPool,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const crop = cropRaw(image, bounds);
  const matteOf = async (salient: boolean) => {
    const data = new Uint8Array(crop.data);
    const { alpha } = await pool.run(
      'person-matte',
      { image: { ...crop, data }, salient },
      { transferList: [data.buffer], signal },
    );
    return alpha;
  };
  let alpha = await matteOf(false);
  // RVM sees no one in some hazy or washed-out photos that still show a face; ISNet then finds the person
  if (faceHeld(alpha, bounds, face) < MIN_FACE_MATTE) alpha = await matteOf(true);
  if (faceHeld(alpha, bounds, face) < MIN_FACE_MATTE) throw new AppError('NOTHING_TO_DO', NO_PERSON_MESSAGE);
  firmBody(
    {
      pixels: { data: alpha, width: bounds.width, height: bounds.height },
      x: bounds.x,
      y: bounds.y,
      scale: 1,
    },
    level,
  );
  return alpha;
}

/** The mean alpha (0-1) over the middle half of the face's box, on a matte of `bounds`. */
function faceHeld(alpha: Uint8Array, bounds: FaceBox, face: Face): number {
  const { box } = face;
  const x0 = Math.max(0, Math.round(box.x + box.width / 4 - bounds.x));
  const x1 = Math.min(bounds.width, Math.round(box.x + (3 * box.width) / 4 - bounds.x));
  const y0 = Math.max(0, Math.round(box.y + box.height / 4 - bounds.y));
  const y1 = Math.min(bounds.height, Math.round(box.y + (3 * box.height) / 4 - bounds.y));
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += alpha[y * bounds.width + x];
  const n = (x1 - x0) * (y1 - y0);
  return n > 0 ? sum / n / 255 : 0;
}
