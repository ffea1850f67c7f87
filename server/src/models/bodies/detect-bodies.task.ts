import type { RawImage } from '../../lib/image/raw-image';
import { findBodies, type Body } from './body-detector.model';

export interface DetectBodiesPayload {
  image: RawImage;
}

/** Worker task `detect-bodies`: every person's skeleton, most confident first. */
export default async function detectBodiesTask({ image }: DetectBodiesPayload): Promise<{ bodies: Body[] }> {
  return { bodies: await findBodies(image) };
}
