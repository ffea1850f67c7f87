/**
 * Where image files live. Keys are built by the server (`users/<userId>/<imageId>/original.jpg`), never taken
 * from a request. The local folder is the default; with S3_BUCKET set, an S3-compatible bucket (s3.storage.ts).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Throws StorageNotFoundError when the key does not exist. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix, for clean-up and tests. */
  list(prefix: string): Promise<string[]>;
  /** Resolves when the store can be reached, for the readiness check. */
  ping(): Promise<void>;
}

export class StorageNotFoundError extends Error {}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
