import type { RawImage } from '../../lib/image/raw-image';
import { faceDetector } from './detector-instance';
import type { Face } from './types';

export interface DetectFacesPayload {
  image: RawImage;
}

/** Worker task `detect-faces`: every face with its 468 landmarks, largest first. */
export default async function detectFacesTask({ image }: DetectFacesPayload): Promise<{ faces: Face[] }> {
  return { faces: await faceDetector().predict(image) };
}
