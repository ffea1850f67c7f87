import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * A model file's bytes, checked against its pinned sha256: another version or a damaged install is refused at
 * load rather than giving other results. The files pinned so far come from npm packages, hence the advice.
 */
export async function readPinnedFile(file: string, sha256: string): Promise<Uint8Array> {
  const bytes = await readFile(file);
  const found = createHash('sha256').update(bytes).digest('hex');
  if (found !== sha256) {
    throw new Error(`${file} is not the pinned file (sha256 ${found}, expected ${sha256}): run npm ci`);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
