import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import protobuf from 'protobufjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertKerasToOnnx, loadKerasModel } from './keras-to-onnx';
import { kerasModelFolder } from './model-paths';
import { INT8_FLOAT_CONVS } from './onnx-cache';
import { activationParams } from './quantize';

interface Graph {
  graph: { node: { opType: string; input: string[]; output: string[] }[] };
}
const decode = (bytes: Uint8Array) =>
  protobuf
    .loadSync(new URL('./onnx-subset.proto', import.meta.url).pathname)
    .lookupType('onnx.ModelProto')
    .decode(bytes) as unknown as Graph;

describe('int8 thick model (QDQ)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esrgan-int8-'));
  let fp32: Uint8Array;
  let int8: Uint8Array;
  beforeAll(() => {
    const { model, shards } = loadKerasModel(kerasModelFolder('thick', 4));
    const ranges = JSON.parse(
      readFileSync(new URL('./thick-x4.ranges.json', import.meta.url), 'utf8'),
    ) as Record<string, [number, number]>;
    fp32 = convertKerasToOnnx(model, shards, { inputRange: 1, name: 'fp32' });
    int8 = convertKerasToOnnx(model, shards, {
      inputRange: 1,
      name: 'int8',
      quantize: { ranges, keepFloat: INT8_FLOAT_CONVS },
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('maps a range to uint8 with zero exact, and a ReLU range to zero point 0', () => {
    expect(activationParams([0, 2.55]).zeroPoint).toBe(0);
    expect(activationParams([0, 2.55]).scale).toBeCloseTo(0.01, 9);
    const { scale, zeroPoint } = activationParams([-1, 3]);
    expect(scale).toBeCloseTo(4 / 255, 9);
    expect(zeroPoint).toBe(64);
  });

  it('reads every convolution but the float ones through int8 weights, and onnxruntime fuses them', async () => {
    const { node } = decode(int8).graph;
    const dequantised = new Set(node.filter((n) => n.opType === 'DequantizeLinear').map((n) => n.output[0]));
    const convs = node.filter((n) => n.opType === 'Conv');
    expect(convs).toHaveLength(154);
    expect(INT8_FLOAT_CONVS).toHaveLength(3);
    for (const conv of convs) {
      const float = INT8_FLOAT_CONVS.includes(conv.output[0]);
      expect(dequantised.has(conv.input[1])).toBe(!float);
    }
    const optimised = path.join(dir, 'optimised.onnx');
    const session = await ort.InferenceSession.create(int8, {
      graphOptimizationLevel: 'all',
      optimizedModelFilePath: optimised,
    });
    await session.release();
    const fused = decode(readFileSync(optimised)).graph.node.filter((n) => n.opType === 'QLinearConv');
    expect(fused.length).toBe(151);
    // All in NHWC: no transposes between the int8 convolutions.
    expect(
      decode(readFileSync(optimised)).graph.node.filter((n) => n.opType === 'Transpose').length,
    ).toBeLessThan(10);
  });

  it('stays within a few levels of the float model on a photo', async () => {
    const size = 32;
    const { data } = await sharp(
      new URL('../../../test/fixtures/upscale/chelsea-face-128.png', import.meta.url).pathname,
    )
      .removeAlpha()
      .resize(size, size, { kernel: 'cubic' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = new Float32Array(3 * size * size);
    for (let i = 0; i < size * size; i++)
      for (let c = 0; c < 3; c++) input[c * size * size + i] = data[i * 3 + c];
    const run = async (bytes: Uint8Array) => {
      const session = await ort.InferenceSession.create(bytes, { graphOptimizationLevel: 'all' });
      const { upscaled } = await session.run({ image: new ort.Tensor('float32', input, [1, 3, size, size]) });
      await session.release();
      return upscaled.data as Float32Array;
    };
    const [a, b] = [await run(fp32), await run(int8)];
    let se = 0;
    let worst = 0;
    for (let i = 0; i < a.length; i++) {
      se += (a[i] - b[i]) ** 2;
      worst = Math.max(worst, Math.abs(a[i] - b[i]));
    }
    // Measured: 0.42 level RMS, 2.2 at worst (0..255 scale), on an AVX2 machine without VNNI, where full-range
    // int8 weights saturate (0.76 and 5.7).
    expect(Math.sqrt(se / a.length)).toBeLessThan(0.6);
    expect(worst).toBeLessThan(4);
  });
});
