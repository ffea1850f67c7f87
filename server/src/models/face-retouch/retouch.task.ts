import type { RawImage } from '../../lib/image';
import type { Face } from '../face/types';
import { restorePhoto, type RestoreReport } from './restore';
import { retouchFace, type RetouchOptions } from './retouch';

export interface RestorePhotoPayload {
  image: RawImage;
}

/** Worker task `restore-photo`: JPEG clean-up and noise reduction of the whole photo, before the 2x. */
export function restorePhotoTask({ image }: RestorePhotoPayload): { image: RawImage; report: RestoreReport } {
  return restorePhoto(image);
}

export interface RetouchFacePayload {
  /** The face's region of interest cut from the 2x photo. */
  crop: RawImage;
  /** The face in the crop's coordinates. */
  face: Face;
  options: RetouchOptions;
}

/** Worker task `retouch-face`: one face's skin, features and tone, on its own crop. */
export function retouchFaceTask({ crop, face, options }: RetouchFacePayload): RawImage {
  return retouchFace(crop, face, options);
}
