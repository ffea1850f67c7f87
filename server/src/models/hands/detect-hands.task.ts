import type { RawImage } from '../../lib/image/raw-image';
import { findHands, type Hand } from './hand-detector.model';

export interface DetectHandsPayload {
  image: RawImage;
}

/** Worker task `detect-hands`: every hand with its 21 landmarks, most confident first. */
export default async function detectHandsTask({ image }: DetectHandsPayload): Promise<{ hands: Hand[] }> {
  return { hands: await findHands(image) };
}
