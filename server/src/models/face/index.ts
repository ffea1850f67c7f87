/**
 * Faces for retouching and portraits: where they are, their 468 landmarks, and masks of their parts.
 * Detection runs in the worker pool (task `detect-faces`); the regions are pure functions of the landmarks.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { WorkerPool } from '../../inference/pool';
import { pixelKey, RecentFaces } from './recent-faces';
import type { Face } from './types';

export type { Face, FaceBox } from './types';

/** The faces of the photos this process saw last, shared by every mode that looks for faces. */
export const recentFaces = new RecentFaces();

/**
 * Every face in the photo with its landmarks, largest first. The pixels are copied, the caller keeps them.
 * A photo whose faces were found lately (by any mode: the same pixels) is answered without the models.
 */
export async function detectFaces(image: RawImage, pool: WorkerPool, signal?: AbortSignal): Promise<Face[]> {
  const key = pixelKey(image);
  const known = recentFaces.get(key);
  if (known) return known;
  const data = new Uint8Array(image.data);
  const { faces } = await pool.run(
    'detect-faces',
    { image: { ...image, data } },
    { transferList: [data.buffer], signal },
  );
  recentFaces.set(key, faces);
  return faces;
}

/** The face's landmarks and box moved into an image `scale` times as large. */
export function scaleFace(face: Face, scale: number): Face {
  const mesh = new Float32Array(face.mesh.length);
  for (let i = 0; i < mesh.length; i++) mesh[i] = face.mesh[i] * scale;
  const { x, y, width, height } = face.box;
  return { ...face, mesh, box: { x: x * scale, y: y * scale, width: width * scale, height: height * scale } };
}
