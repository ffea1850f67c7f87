import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { halfToFloat, isnetFloatGraph } from './float-graph';
import { readIsnetModel } from './model-files';

const Model = protobuf
  .loadSync(new URL('../esrgan/onnx-subset.proto', import.meta.url).pathname)
  .lookupType('onnx.ModelProto');

interface Graph {
  node: { opType: string; input?: string[] }[];
  initializer: { dataType: number; name: string }[];
  output: { name: string }[];
}
const graphOf = (bytes: Uint8Array) => (Model.decode(bytes) as unknown as { graph: Graph }).graph;

describe('isnetFloatGraph', () => {
  it('turns the float16 medium model into float32 with the matte as its only output', async () => {
    const original = graphOf(await readIsnetModel('medium'));
    expect(original.output.length).toBe(12);
    expect(original.initializer.every((t) => t.dataType === 10)).toBe(true);

    const sut = graphOf(isnetFloatGraph(await readIsnetModel('medium')));
    expect(sut.output.map((o) => o.name)).toEqual(['output']);
    expect(sut.initializer.every((t) => t.dataType === 1)).toBe(true);
    expect(sut.node.some((n) => n.opType === 'Cast')).toBe(false);
    // The side outputs' branches are gone, and every weight left is read by some node.
    expect(sut.node.length).toBeLessThan(original.node.length);
    const read = new Set(sut.node.flatMap((n) => n.input ?? []));
    expect(sut.initializer.every((t) => read.has(t.name))).toBe(true);
  });

  it('widens float16 exactly', () => {
    const sut = halfToFloat();
    expect(sut[0x3c00]).toBe(1);
    expect(sut[0xc000]).toBe(-2);
    expect(sut[0x7bff]).toBe(65504);
    expect(sut[0x0001]).toBe(2 ** -24);
    expect(sut[0x7c00]).toBe(Infinity);
    expect(Number.isNaN(sut[0x7e00])).toBe(true);
  });
});
