/**
 * Real portraits for the face operations' tests, with their faces found by the product's detector. A photo can
 * be enlarged (a 512 px portrait three times is a 2.4-megapixel photo, the size the operations are timed on);
 * faces are found on the photo as it came and scaled with it, which is what enlarging does to them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeRaw, type RawImage } from '../../src/lib/image/raw-image';
import { detectFaces, scaleFace, type Face } from '../../src/models/face';
import type { WorkerPool } from '../../src/inference/pool';
import { photo } from './uploads';

export interface Portrait {
  image: RawImage;
  faces: Face[];
}

/** A photo of assets/photos (`name`) or of server/test/fixtures (`fixture:detect/...`). */
export function portraitBytes(name: string): Buffer {
  if (!name.startsWith('fixture:')) return photo(name);
  return readFileSync(fileURLToPath(new URL(`../fixtures/${name.slice(8)}`, import.meta.url)));
}

export async function portrait(name: string, pool: WorkerPool, scale = 1): Promise<Portrait> {
  const bytes = portraitBytes(name);
  const original = await decodeRaw(bytes, 3);
  const faces = await detectFaces(original, pool);
  if (scale === 1) return { image: original, faces };
  const image = await decodeRaw(
    await sharp(bytes)
      .resize(Math.round(original.width * scale))
      .toBuffer(),
    3,
  );
  return { image, faces: faces.map((face) => scaleFace(face, image.width / original.width)) };
}
