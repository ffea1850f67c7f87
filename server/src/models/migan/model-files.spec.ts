import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGAN_FILE, readMiganFile } from './model-files';

describe('readMiganFile', () => {
  it('reads the packaged pipeline, which matches its pinned size', async () => {
    const sut = await readMiganFile();
    expect(sut.length).toBe(MIGAN_FILE.bytes);
    // An ONNX ModelProto starts with field 1 (ir_version), a varint: tag byte 0x08.
    expect(sut[0]).toBe(0x08);
  });

  it('refuses another file in its place, naming both hashes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migan-'));
    mkdirSync(path.join(dir, 'models'));
    writeFileSync(path.join(dir, MIGAN_FILE.file), Buffer.from('not the model'));
    await expect(readMiganFile(dir)).rejects.toThrow(
      new RegExp(`not the pinned file .*expected ${MIGAN_FILE.sha256}`),
    );
  });
});
