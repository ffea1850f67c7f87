import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/storage/s3.storage';
import { StorageNotFoundError } from '../../src/storage/storage';
import { startS3, type RunningS3 } from '../support/s3-server';

describe('S3 storage (s3rver on loopback)', () => {
  let s3: RunningS3;
  let sut: ReturnType<typeof createS3Storage>;
  beforeAll(async () => {
    s3 = await startS3();
    sut = createS3Storage(s3.config);
  });
  afterAll(async () => {
    sut?.close();
    await s3?.stop();
  });

  it('stores, lists, reads and deletes objects by key', async () => {
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);
    await sut.put('users/u1/i1/original.jpg', photo);
    await sut.put('users/u1/i1/mask-ab.png', Buffer.from('m'));
    await sut.put('users/u10/i2/original.jpg', Buffer.from('other person'));
    expect(await sut.get('users/u1/i1/original.jpg')).toEqual(photo);
    expect((await sut.list('users/u1')).sort()).toEqual([
      'users/u1/i1/mask-ab.png',
      'users/u1/i1/original.jpg',
    ]);
    await sut.delete('users/u1/i1/original.jpg');
    await expect(sut.get('users/u1/i1/original.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await sut.list('users/nobody')).toEqual([]);
  });

  it('refuses unsafe keys and answers its readiness', async () => {
    await expect(sut.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(sut.ping()).resolves.toBeUndefined();
    const elsewhere = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(elsewhere.ping()).rejects.toThrow();
    elsewhere.close();
  });
});
