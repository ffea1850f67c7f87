import sharp from 'sharp';
import { PLAN_LIMITS } from '@common/plans';
import type { HistoryItem, HistoryPage } from '@common/schemas/images';
import type { ProcessedImageRow, UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '@common/ids';
import type { ProcessedImageRepository } from '../repositories/processed-image.repository';
import { deleteImageFiles } from '../storage/image-files';
import { imageKeys, imageUrls } from '../storage/image-keys';
import { StorageNotFoundError, type Storage } from '../storage/storage';
import type { ImagesService } from './images.service';
import { DAY_MS } from '../lib/clock';

/** Longest side of a thumbnail, in pixels: sharp on a high-density screen in the history grid. */
const THUMBNAIL_SIZE = 480;

export type HistoryService = ReturnType<typeof createHistoryService>;

/** "Your images": the person's results, page by page, their thumbnails, and deleting one for good. */
export function createHistoryService(deps: {
  images: ProcessedImageRepository;
  imageFiles: ImagesService;
  storage: Storage;
}) {
  const { images, imageFiles, storage } = deps;

  return {
    async list(user: UserRow, cursor: string | undefined, limit: number): Promise<HistoryPage> {
      const after = cursor ? readCursor(cursor) : null;
      const rows = await images.listResults(user.id, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        images: page.map((row) => toItem(row, user)),
        nextCursor: rows.length > limit && last ? writeCursor(last) : null,
      };
    },

    /** A small WebP of the original or the result, made on first request and kept next to it in storage. */
    async thumbnail(user: UserRow, id: string, of: 'original' | 'result'): Promise<Buffer> {
      const row = await imageFiles.getOwned(user, id);
      const source = of === 'original' ? row.originalKey : row.resultKey;
      if (!source) throw new AppError('NOT_FOUND', 'This image has no result yet.');
      const key = imageKeys.thumbnail(source);
      const stored = await storage.get(key).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) return null;
        throw error;
      });
      if (stored) return stored;
      const picture = await storage.get(source).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError)
          throw new AppError('NOT_FOUND', `The ${of} file is missing.`);
        throw error;
      });
      const thumbnail = await sharp(picture, { limitInputPixels: false })
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await storage.put(key, thumbnail);
      return thumbnail;
    },

    /**
     * Deletes the image's files, then its row; the usage record stays. Files go first: if that fails, the row
     * is still listed and deleting again finishes the job, instead of files nobody can find.
     */
    async delete(user: UserRow, id: string): Promise<void> {
      const row = await imageFiles.getOwned(user, id);
      if (row.status === 'processing')
        throw new AppError('CONFLICT', 'This image is being processed. Delete it when it is done.');
      await deleteImageFiles(storage, user.id, row.id);
      await images.delete(row.id, user.id);
    },
  };
}

function toItem(row: ProcessedImageRow, user: UserRow): HistoryItem {
  const resultKey = row.resultKey!;
  const retention = PLAN_LIMITS[user.subscriptionTier].retentionDays;
  return {
    id: row.id,
    mode: row.editingMode,
    originalFilename: row.originalFilename,
    createdAt: row.createdAt.toISOString(),
    expiresAt: new Date(row.createdAt.getTime() + retention * DAY_MS).toISOString(),
    width: row.width,
    height: row.height,
    resultWidth: row.resultWidth,
    resultHeight: row.resultHeight,
    originalPath: imageUrls.original(row),
    resultPath: imageUrls.result(row.id, resultKey),
    downloadPath: imageUrls.download(row.id, resultKey),
    thumbnails: {
      original: imageUrls.thumbnail(row.id, 'original', resultKey),
      result: imageUrls.thumbnail(row.id, 'result', resultKey),
    },
  };
}

/** The last row of a page, opaque to the client: its upload time (to the millisecond) and id. */
function writeCursor(row: ProcessedImageRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function readCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  // A cursor carries an upload time the server wrote; a year outside 4 digits is made up, and PostgreSQL
  // cannot read every year JavaScript can write.
  const year = createdAt.getUTCFullYear();
  if (Number.isNaN(year) || year < 1970 || year > 9999 || !isUuid(id))
    throw new AppError('BAD_REQUEST', 'This page link is not valid. Start again from the first page.');
  return { createdAt, id };
}
