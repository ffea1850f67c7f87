import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isnetDistDir, readIsnetModel } from './model-files';

describe('readIsnetModel', () => {
  it('reassembles the small model from its chunks, byte for byte in order', async () => {
    const dist = isnetDistDir();
    const entry = JSON.parse(readFileSync(path.join(dist, 'resources.json'), 'utf8'))['/models/small'];
    const sut = await readIsnetModel('small', dist);
    expect(sut.length).toBe(entry.size);
    const second = entry.chunks[1];
    const chunk = readFileSync(path.join(dist, second.hash));
    expect(Buffer.from(sut.subarray(second.offsets[0], second.offsets[0] + 64))).toEqual(
      chunk.subarray(0, 64),
    );
    // An ONNX ModelProto starts with field 1 (ir_version), a varint: tag byte 0x08.
    expect(sut[0]).toBe(0x08);
  });

  it('names the missing variant when the package lacks it', async () => {
    await expect(readIsnetModel('huge' as never)).rejects.toThrow(/\/models\/huge/);
  });
});
