import { AppError } from '../../lib/errors';
import type { Mask } from '../../lib/image/mask';
import type { RawImage } from '../../lib/image/raw-image';
import type { BlurRegion } from './edit-plan';
import type { Locator } from './locate';
import { markPrompt } from './marking';
import { blurRegion, boundsOfWeights, faceEllipses, markedWeights } from './operations/blur-region';

/** Faces, or the thing the person marked, blurred past recognition. */
export async function blurWhere(
  region: BlurRegion,
  image: RawImage,
  locator: Locator,
  mask: Mask | null,
  signal: AbortSignal,
): Promise<RawImage> {
  const { width, height } = image;
  if ('marked' in region) {
    if (!mask) throw new AppError('BAD_REQUEST', `${markPrompt(region.marked)} first, then run it again.`);
    const weights = markedWeights(mask.bits, width, height);
    return blurRegion(image, weights, boundsOfWeights(weights, width));
  }
  const faces = await locator.faces(image, signal);
  if (!faces.length) throw new AppError('NOTHING_TO_DO', "I couldn't find a face in this photo.");
  // The largest face is the photo's subject: "the faces in the background" are the others
  const bySize = [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  const chosen =
    region.faces === 'all' ? bySize : region.faces === 'main' ? bySize.slice(0, 1) : bySize.slice(1);
  if (!chosen.length)
    throw new AppError('NOTHING_TO_DO', 'I found only one face in this photo, the main one.');
  const weights = faceEllipses(
    chosen.map((f) => f.box),
    width,
    height,
  );
  return blurRegion(image, weights, boundsOfWeights(weights, width));
}
