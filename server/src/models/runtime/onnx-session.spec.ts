import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { onnxSession, releaseOnnxSession, sessionOptions, type OnnxSessionSpec } from './onnx-session';

// The face retouch's small network (1 MB): luma 1x1xHxW and quality 1x1xHxW in, luma2x 1x1x2Hx2W out.
const FILE = new URL('../face-retouch/jpeg-2x-luma.onnx', import.meta.url).pathname;
const SHA256 = createHash('sha256').update(readFileSync(FILE)).digest('hex');
const spec = (more: Partial<OnnxSessionSpec> = {}): OnnxSessionSpec => ({
  graph: { file: FILE },
  threads: 1,
  interOpThreads: 1,
  graphOptimization: 'all',
  ...more,
});

/** One run of the network on a flat 16x16 plane: the size of its answer. */
async function run(session: ort.InferenceSession): Promise<number> {
  const plane = () => new Float32Array(16 * 16).fill(0.5);
  const result = await session.run({
    luma: new ort.Tensor('float32', plane(), [1, 1, 16, 16]),
    quality: new ort.Tensor('float32', plane(), [1, 1, 16, 16]),
  });
  return result.luma2x.data.length;
}

describe('onnxSession', () => {
  it('makes one session for one spec and another for other options', async () => {
    const sut = await onnxSession(spec());
    expect(await onnxSession(spec())).toBe(sut);
    const twoThreads = await onnxSession(spec({ threads: 2 }));
    expect(twoThreads).not.toBe(sut);
    expect(await run(sut)).toBe(32 * 32);
    for (const session of [sut, sut, twoThreads]) await releaseOnnxSession(session);
  });

  it('checks a pinned file and names it when it is not the pinned one', async () => {
    const wrong = 'f'.repeat(64);
    await expect(onnxSession(spec({ graph: { file: FILE, sha256: wrong } }))).rejects.toThrow(
      `${FILE} is not the pinned file (sha256 ${SHA256}, expected ${wrong}): run npm ci`,
    );
    // The failure is not kept: the same spec tries again.
    await expect(onnxSession(spec({ graph: { file: FILE, sha256: wrong } }))).rejects.toThrow(
      /not the pinned/,
    );
    const pinned = await onnxSession(spec({ graph: { file: FILE, sha256: SHA256 } }));
    expect(await run(pinned)).toBe(32 * 32);
    await releaseOnnxSession(pinned);
  });

  it('keeps a session until its last holder releases it, then frees it', async () => {
    const first = await onnxSession(spec({ threads: 3 }));
    const second = await onnxSession(spec({ threads: 3 }));
    await releaseOnnxSession(first);
    expect(await run(second)).toBe(32 * 32);
    await releaseOnnxSession(second);
    await expect(run(second)).rejects.toThrow();
    const fresh = await onnxSession(spec({ threads: 3 }));
    expect(fresh).not.toBe(first);
    expect(await run(fresh)).toBe(32 * 32);
    await releaseOnnxSession(fresh);
  });

  it('caches bytes made at load by their name, making them once', async () => {
    let reads = 0;
    const graph = { name: 'jpeg-2x-luma from bytes', bytes: async () => (reads++, readFileSync(FILE)) };
    const sut = await onnxSession(spec({ graph }));
    expect(await onnxSession(spec({ graph }))).toBe(sut);
    expect(reads).toBe(1);
    expect(await run(sut)).toBe(32 * 32);
    await releaseOnnxSession(sut);
    await releaseOnnxSession(sut);
  });
});

describe('sessionOptions', () => {
  it('states what the spec states and leaves the rest to onnxruntime', () => {
    expect(sessionOptions(spec())).toEqual({
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    expect(
      sessionOptions({
        graph: { file: FILE },
        threads: 0,
        memoryPattern: false,
        spinning: false,
      }),
    ).toEqual({
      intraOpNumThreads: 0,
      executionMode: 'sequential',
      enableMemPattern: false,
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    });
  });
});
