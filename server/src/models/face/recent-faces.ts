/**
 * The faces of the last few photos, by their pixels: the modes that look for faces (face enhancement, the
 * headshot, Chat to Edit's face operations) often see the same photo again (a person tries a second mode or
 * another strength, or the cloud's face restoration fails and the local one runs after it), and the detector
 * and the mesh give the same answer for the same pixels. Only settled answers are kept, never a failure.
 */
import { createHash } from 'node:crypto';
import type { RawImage } from '../../lib/image/raw-image';
import type { Face } from './types';

/** Photos remembered; a face is a few kilobytes (468 landmarks), so even a group photo costs little. */
const CAPACITY = 8;

/** The key of a photo's pixels: its size and a hash of every byte (about 90 ms for 12 megapixels). */
export function pixelKey(image: RawImage): string {
  const hash = createHash('sha256').update(image.data);
  return `${image.width}x${image.height}x${image.channels}:${hash.digest('base64url')}`;
}

/** Each caller gets its own copy: none can change what the next one is given. */
const copyFaces = (faces: readonly Face[]): Face[] =>
  faces.map((face) => ({ ...face, box: { ...face.box }, mesh: face.mesh.slice() }));

export class RecentFaces {
  private readonly entries = new Map<string, Face[]>();

  constructor(private readonly capacity = CAPACITY) {}

  get(key: string): Face[] | undefined {
    const faces = this.entries.get(key);
    if (!faces) return undefined;
    // Most recently used last: a Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, faces);
    return copyFaces(faces);
  }

  set(key: string, faces: readonly Face[]): void {
    this.entries.delete(key);
    this.entries.set(key, copyFaces(faces));
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
