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

  it('keeps the int8 model in its own file, keyed on the calibration ranges too', async () => {
    const int8 = await ensureEsrganOnnx('thick', 4, dir, 'int8');
    const fp32 = await ensureEsrganOnnx('thick', 4, dir);
    expect(int8).toBe(path.join(dir, 'esrgan-thick-x4-int8.onnx'));
    expect(fp32).toBe(path.join(dir, 'esrgan-thick-x4.onnx'));
    const manifest = (file: string) =>
      JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { sourceSha256: string; onnxSha256: string };
    expect(manifest(int8).sourceSha256).not.toBe(manifest(fp32).sourceSha256);
    expect(manifest(int8).onnxSha256).not.toBe(manifest(fp32).onnxSha256);
    expect(statSync(int8).size).toBeLessThan(statSync(fp32).size / 3);
  });
});
