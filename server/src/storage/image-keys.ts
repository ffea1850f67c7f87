import { randomBytes } from 'node:crypto';
import type { ProcessedImageRow } from '../db/schema';
import { UUID_PATTERN } from '@common/ids';

/** Storage keys are made here, from ids the server chose; nothing from a request ends up in a key. */
export const imageKeys = {
  folder: (userId: string, imageId: string) => `users/${userId}/${imageId}`,
  original: (userId: string, imageId: string, ext: string) => `users/${userId}/${imageId}/original.${ext}`,
  mask: (userId: string, imageId: string) => `users/${userId}/${imageId}/mask-${token()}.png`,
  result: (userId: string, imageId: string, ext: string) =>
    `users/${userId}/${imageId}/result-${token()}.${ext}`,
  /** Named after the picture it shows: a new result gets a new thumbnail, and each is made once. */
  thumbnail: (of: string) => `${of.slice(0, of.lastIndexOf('.'))}-thumbnail.webp`,
};

function token() {
  return randomBytes(6).toString('hex');
}

/** URLs the client uses; the version makes each new result a new URL, so a cached older one is never shown. */
export const imageUrls = {
  original: (row: Pick<ProcessedImageRow, 'id'>) => `/api/images/${row.id}/original`,
  result: (id: string, resultKey: string) => `/api/images/${id}/result?v=${versionOf(resultKey)}`,
  download: (id: string, resultKey: string) =>
    `/api/images/${id}/result?v=${versionOf(resultKey)}&download=1`,
  thumbnail: (id: string, of: 'original' | 'result', resultKey: string) =>
    `/api/images/${id}/thumbnail?of=${of}&v=${versionOf(resultKey)}`,
};

function versionOf(key: string): string {
  return key.slice(key.lastIndexOf('-') + 1, key.lastIndexOf('.'));
}

const RESULT_URL = new RegExp(`^/api/images/(${UUID_PATTERN})/result(?:\\?.*)?$`, 'i');

/** The image id named by an earlier result URL (absolute or relative), or null for anything else. */
export function imageIdFromResultUrl(url: string): string | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      path = parsed.pathname + parsed.search;
    } catch {
      return null;
    }
  }
  return RESULT_URL.exec(path)?.[1]?.toLowerCase() ?? null;
}
