import type { RawImage } from '../../lib/image/raw-image';
import type { Face, FaceBox } from '../face/types';
import { enlargePhoto } from './enlarge';
import { detailChange } from './detail';
import { cropRaw, toYcc } from './planes';
import { measurePhoto, restorePhoto, type RestoreReport } from './restore';
import { retouchFace, type RetouchOptions } from './retouch';

/** Worker task `measure-photo`: the JPEG quality and noise of the whole photo, for its strips. */
export function measurePhotoTask({ image }: { image: RawImage }): RestoreReport {
  return measurePhoto(image);
}

export interface RestoreStripPayload {
  /** Rows of the photo, with context rows above and below (a multiple of 8, so the JPEG grid stays put). */
  strip: RawImage;
  /** Context rows at the top and bottom of `strip`, left out of the result. */
  above: number;
  below: number;
  measured: RestoreReport;
  /** The photo's faces in the strip's pixels (those beyond its rows are passed over): the face network's. */
  faces: FaceBox[];
}

/**
 * Worker task `restore-photo`: one strip of the photo cleaned (the colour's JPEG blocks and ringing, noise, at
 * the whole photo's measured quality) and enlarged 2x, its luma by the learned 2x; returns the 2x of the strip
 * without its context rows.
 */
export async function restoreStripTask({
  strip,
  above,
  below,
  measured,
  faces,
}: RestoreStripPayload): Promise<RawImage> {
  const large = await enlargePhoto(restorePhoto(strip, measured).image, measured.jpegQuality, faces);
  return cropRaw(large, {
    x: 0,
    y: 2 * above,
    width: large.width,
    height: large.height - 2 * (above + below),
  });
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

export interface FaceDetailPayload {
  /** The face's region of interest cut from the learned 2x, before any retouch. */
  crop: RawImage;
  /** The face's longer side, in the crop's pixels. */
  size: number;
}

/** Worker task `face-detail`: the change to the luma of one face's region that gives its fine structure its weight. */
export function faceDetailTask({ crop, size }: FaceDetailPayload): Float32Array {
  return detailChange(toYcc(crop).y, crop.width, crop.height, size);
}
