import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.storage';
import { StorageNotFoundError } from './storage';

describe('local storage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  const sut = createLocalStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores, lists, reads and deletes files by key', async () => {
    await sut.put('users/u1/i1/original.jpg', Buffer.from('abc'));
    await sut.put('users/u1/i1/mask.png', Buffer.from('m'));
    expect((await sut.get('users/u1/i1/original.jpg')).toString()).toBe('abc');
    expect((await sut.list('users/u1')).sort()).toEqual(['users/u1/i1/mask.png', 'users/u1/i1/original.jpg']);
    await sut.delete('users/u1/i1/original.jpg');
    await expect(sut.get('users/u1/i1/original.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await sut.list('users/nobody')).toEqual([]);
  });

  it.each(['../etc/passwd', '/abs', 'a/../../b', 'a//b', ''])('refuses the unsafe key %j', async (key) => {
    await expect(sut.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });
});
