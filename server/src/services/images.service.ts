import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Mode } from '@common/modes';
import type { UploadResponse } from '@common/schemas/process';
import type { ProcessedImageRow, UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '@common/ids';
import { FORMAT_EXTENSION, normalizeUpload, sniffFormat, type ImageFormat } from '../lib/image-intake';
import type { ProcessedImageRepository } from '../repositories/processed-image.repository';
import { StorageNotFoundError, type Storage } from '../storage/storage';
import { imageKeys, imageUrls } from '../storage/image-keys';

export type ImagesService = ReturnType<typeof createImagesService>;

export type ImageVariant = 'original' | 'mask' | 'result';

export interface ServedImage {
  data: Buffer;
  mime: string;
  /** For downloads: 'processed-' + the original name, with the result's extension. */
  downloadName: string;
}

export function createImagesService(deps: { images: ProcessedImageRepository; storage: Storage }) {
  const { images, storage } = deps;

  return {
    /** Stores a checked, cleaned copy of the upload and its row; on any failure neither is left behind. */
    async upload(
      user: UserRow,
      file: { bytes: Buffer; filename: string },
      editingMode: Mode,
    ): Promise<UploadResponse> {
      const image = await normalizeUpload(file.bytes);
      const id = randomUUID();
      const key = imageKeys.original(user.id, id, FORMAT_EXTENSION[image.format]);
      await storage.put(key, image.data);
      try {
        const row = await images.create({
          id,
          userId: user.id,
          originalFilename: cleanFilename(file.filename, image.format),
          originalKey: key,
          width: image.width,
          height: image.height,
          editingMode,
        });
        return {
          id,
          width: image.width,
          height: image.height,
          originalPath: imageUrls.original(row),
          editingMode,
        };
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    async getOwned(user: UserRow, id: string): Promise<ProcessedImageRow> {
      const row = isUuid(id) ? await images.getOwned(id, user.id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'This image does not exist or is not yours.');
      return row;
    },

    async read(user: UserRow, id: string, variant: ImageVariant): Promise<ServedImage> {
      const row = await this.getOwned(user, id);
      const key = variant === 'original' ? row.originalKey : variant === 'mask' ? row.maskKey : row.resultKey;
      if (!key) throw new AppError('NOT_FOUND', `This image has no ${variant} yet.`);
      let data: Buffer;
      try {
        data = await storage.get(key);
      } catch (error) {
        if (error instanceof StorageNotFoundError)
          throw new AppError('NOT_FOUND', `The ${variant} file is missing.`);
        throw error;
      }
      const format = sniffFormat(data) ?? 'png';
      return { data, mime: `image/${format}`, downloadName: downloadName(row.originalFilename, format) };
    },
  };
}

/** The name as the person knew it, without folders or control characters, with an extension that fits. */
function cleanFilename(name: string, format: ImageFormat): string {
  const printable = [...path.basename(name.replace(/\\/g, '/'))].filter(
    (c) => c >= ' ' && c !== '\u007f' && c !== '"',
  );
  const base = printable.join('').trim().slice(0, 200);
  return base || `image.${FORMAT_EXTENSION[format]}`;
}

export function downloadName(originalFilename: string, format: ImageFormat): string {
  const stem = originalFilename.replace(/\.[^.]*$/, '') || 'image';
  return `processed-${stem}.${FORMAT_EXTENSION[format]}`;
}
