import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImageStatus } from '../../src/db/schema';
import { processedImages } from '../../src/db/schema';
import { createDataStore } from '../../src/repositories/repositories';
import { imageKeys } from '../../src/storage/image-keys';
import type { LiveTestApp } from './use-test-app';

/**
 * An edit as the processing path leaves it, uploaded at `uploadedAt`: the original (and, when completed, the
 * result: `result`, or the picture as PNG) in storage, and the row. For tests of what happens to results later.
 */
export async function storeResult(
  app: LiveTestApp,
  userId: string,
  uploadedAt: Date,
  picture: Buffer,
  options: { status?: ImageStatus; result?: Buffer } = {},
): Promise<string> {
  const data = createDataStore(app.database.db);
  const id = randomUUID();
  const originalKey = imageKeys.original(userId, id, 'jpg');
  await app.storage.put(originalKey, picture);
  const { width, height } = await sharp(picture).metadata();
  await data.images.create({
    id,
    userId,
    originalFilename: `photo-${id.slice(0, 8)}.jpg`,
    originalKey,
    width: width!,
    height: height!,
    editingMode: 'object-removal',
  });
  const status = options.status ?? 'completed';
  if (status === 'completed') {
    const resultKey = imageKeys.result(userId, id, 'png');
    await app.storage.put(resultKey, options.result ?? (await sharp(picture).png().toBuffer()));
    const startedAt = await data.images.startProcessing(id, null);
    await data.images.markCompleted(id, startedAt!, {
      resultKey,
      resultWidth: width!,
      resultHeight: height!,
      providerId: 'stored-by-test',
    });
  }
  await app.database.db
    .update(processedImages)
    .set({ status, createdAt: uploadedAt })
    .where(eq(processedImages.id, id));
  return id;
}
