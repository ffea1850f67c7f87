import { MAX_BATCH_PHOTOS } from '@common/limits';
import type { BatchEvent } from '@common/schemas/batch';

/**
 * One photo of a batch, from the drop to its result: `refused` before upload (format, size, too many),
 * `other-shape` when it cannot share the painted mask, then the server's queued, processing, completed, failed.
 */
export type PhotoStatus =
  'uploading' | 'ready' | 'refused' | 'other-shape' | 'queued' | 'processing' | 'completed' | 'failed';

export interface BatchPhoto {
  /** Stable key for the list: the position in the drop. */
  key: number;
  name: string;
  status: PhotoStatus;
  percent: number;
  /** Why it was refused or failed, or the server's progress message. */
  message?: string;
  id?: string;
  width?: number;
  height?: number;
  originalUrl?: string;
  result?: { url: string; downloadUrl: string };
}

/** The dropped files as photos: the first 50 wait for upload, any more are refused with the reason. */
export function photosFromDrop(names: string[]): BatchPhoto[] {
  return names.map((name, key) =>
    key < MAX_BATCH_PHOTOS
      ? { key, name, status: 'uploading', percent: 0 }
      : {
          key,
          name,
          status: 'refused',
          percent: 0,
          message: `A batch holds at most ${MAX_BATCH_PHOTOS} photos.`,
        },
  );
}

/**
 * True when a mask painted on `painted` fits `photo`: the server scales a mask to a photo of the same shape
 * (2 % tolerance) and refuses any other.
 */
export function sameShape(
  painted: { width: number; height: number },
  photo: { width: number; height: number },
): boolean {
  const a = painted.width / painted.height;
  const b = photo.width / photo.height;
  return Math.abs(a - b) <= 0.02 * b;
}

/** Marks the uploaded photos that cannot share the mask painted on `painted`, and frees the ones that can. */
export function withShapes(photos: BatchPhoto[], painted: { width: number; height: number }): BatchPhoto[] {
  return photos.map((photo) => {
    if ((photo.status !== 'ready' && photo.status !== 'other-shape') || !photo.width || !photo.height)
      return photo;
    return sameShape(painted, { width: photo.width, height: photo.height })
      ? { ...photo, status: 'ready', message: undefined }
      : {
          ...photo,
          status: 'other-shape',
          message: 'Another shape than the painted photo: not included, no credit used.',
        };
  });
}

/** The photos the batch will send: each costs one credit if it succeeds. */
export const readyPhotos = (photos: BatchPhoto[]) => photos.filter((p) => p.status === 'ready' && p.id);

/** Applies one line of the server's answer. */
export function applyBatchEvent(photos: BatchPhoto[], event: BatchEvent): BatchPhoto[] {
  if (event.type === 'started' || event.type === 'finished') return photos;
  return photos.map((photo) => {
    if (photo.id !== event.imageId) return photo;
    if (event.type === 'progress')
      return {
        ...photo,
        status: event.status,
        percent: Math.max(photo.percent, event.percent),
        message: event.message,
      };
    if (event.type === 'completed')
      return {
        ...photo,
        status: 'completed',
        percent: 100,
        message: event.result.note,
        result: { url: event.result.processedPath, downloadUrl: event.result.downloadPath },
      };
    return { ...photo, status: 'failed', percent: 100, message: event.error.message };
  });
}

/** The ZIP of every result so far, or null when there is none. */
export function archiveUrl(photos: BatchPhoto[]): string | null {
  const ids = photos.filter((p) => p.status === 'completed' && p.id).map((p) => p.id!);
  return ids.length ? `/api/images/archive?ids=${ids.join(',')}` : null;
}
