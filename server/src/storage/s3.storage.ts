import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config/env';
import { assertSafeKey, StorageNotFoundError, type Storage } from './storage';

/**
 * Objects in one bucket of S3-compatible storage (AWS S3, MinIO, R2), through the AWS SDK. The bucket stays
 * private: images reach people only through the API, which checks who owns them.
 */
export function createS3Storage(config: S3Config): Storage & { close(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // A few quick tries, then the error reaches the caller (a 503 while the store is away).
    maxAttempts: 3,
    // No CRC32 of every body on the event loop as well: the signature already covers the body's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    async put(key, data) {
      assertSafeKey(key);
      // One PUT replaces the object whole: a reader never sees half of it.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix.replace(/\/?$/, '/'), ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys;
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close: () => client.destroy(),
  };
}
