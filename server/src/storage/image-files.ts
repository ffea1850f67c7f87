import { imageKeys } from './image-keys';
import type { Storage } from './storage';

/** Removes every file of one image: the original, masks, results and thumbnails. Missing files are fine. */
export async function deleteImageFiles(storage: Storage, userId: string, imageId: string): Promise<number> {
  const keys = await storage.list(imageKeys.folder(userId, imageId));
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
