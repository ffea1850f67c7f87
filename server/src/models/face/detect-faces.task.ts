import type { RawImage } from '../../lib/image';
import { FaceDetectorModel } from './face-detector.model';
import type { Face } from './types';

/** One model per worker thread, loaded on first use and kept for the worker's life. */
let model: FaceDetectorModel | undefined;

export interface DetectFacesPayload {
  image: RawImage;
}

/** Worker task `detect-faces`: every face with its 468 landmarks, largest first. */
export default async function detectFacesTask({ image }: DetectFacesPayload): Promise<{ faces: Face[] }> {
  model ??= new FaceDetectorModel();
  return { faces: await model.predict(image) };
}
