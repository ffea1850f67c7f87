import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEsrganOnnx } from './onnx-cache';

describe('converted model cache', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esrgan-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts once, reuses the file, and rebuilds a file whose hash no longer matches', async () => {
    const sut = await ensureEsrganOnnx('slim', 2, dir);
    expect(sut).toBe(path.join(dir, 'esrgan-slim-x2.onnx'));
    const first = statSync(sut).mtimeMs;
    const manifest = JSON.parse(readFileSync(`${sut}.json`, 'utf8')) as { onnxSha256: string };
    expect(manifest.onnxSha256).toMatch(/^[0-9a-f]{64}$/);

    await ensureEsrganOnnx('slim', 2, dir);
    expect(statSync(sut).mtimeMs).toBe(first);

    const good = readFileSync(sut);
    writeFileSync(sut, good.subarray(0, good.length - 10));
    await ensureEsrganOnnx('slim', 2, dir);
    expect(readFileSync(sut).equals(good)).toBe(true);
  });
});
