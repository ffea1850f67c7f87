import protobuf from 'protobufjs';

/**
 * The package's "medium" ISNet is stored in float16: weights, activations and every feature map, with Cast
 * nodes at the input, around each Resize and at the twelve outputs. onnxruntime's CPU kernels have no
 * float16 convolution on x86, so it wraps each operator in casts of its own and keeps both copies of the
 * weights. This rewrites the graph once at load as the float32 model it was exported from: weights widened
 * (exactly: every float16 is a float32), casts become identities, and only the alpha matte `output` is
 * kept, with the deep-supervision side maps and intermediate features (eleven outputs nothing reads) and
 * the nodes that only fed them removed.
 */

interface TensorMessage {
  dims?: number[];
  dataType?: number;
  name?: string;
  rawData?: Uint8Array;
}
interface NodeMessage {
  input?: string[];
  output?: string[];
  name?: string;
  opType?: string;
  attribute?: unknown[];
}
interface GraphMessage {
  node: NodeMessage[];
  initializer: TensorMessage[];
  input: unknown[];
  output: { name: string; type?: { tensorType?: { elemType?: number } } }[];
}

const FLOAT = 1;
const FLOAT16 = 10;

let schema: protobuf.Type | undefined;
function modelProto(): protobuf.Type {
  schema ??= protobuf
    .loadSync(new URL('../esrgan/onnx-subset.proto', import.meta.url).pathname)
    .lookupType('onnx.ModelProto');
  return schema;
}

/** Every float16 bit pattern's float32 value (exported for its test). */
let halfTable: Float32Array | undefined;
export function halfToFloat(): Float32Array {
  if (halfTable) return halfTable;
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    table[h] =
      exponent === 0
        ? sign * 2 ** -14 * (fraction / 1024)
        : exponent === 31
          ? fraction
            ? NaN
            : sign * Infinity
          : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  halfTable = table;
  return table;
}

function widen(tensor: TensorMessage): void {
  if (tensor.dataType !== FLOAT16) return;
  const raw = tensor.rawData;
  if (!raw) throw new Error(`float16 tensor ${tensor.name} has no raw data`);
  const table = halfToFloat();
  const halves = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  const floats = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) floats[i] = table[halves[i]];
  tensor.rawData = new Uint8Array(floats.buffer);
  tensor.dataType = FLOAT;
}

/** The nodes that `outputs` depend on, in their original (topological) order. */
function liveNodes(nodes: NodeMessage[], outputs: string[]): NodeMessage[] {
  const producer = new Map<string, NodeMessage>();
  for (const n of nodes) for (const o of n.output ?? []) producer.set(o, n);
  const live = new Set<NodeMessage>();
  const pending = [...outputs];
  while (pending.length) {
    const node = producer.get(pending.pop()!);
    if (!node || live.has(node)) continue;
    live.add(node);
    for (const i of node.input ?? []) if (i) pending.push(i);
  }
  return nodes.filter((n) => live.has(n));
}

/** The float32 graph with the one output `keep`, from the package's float16 model bytes. */
export function isnetFloatGraph(model: Uint8Array, keep = 'output'): Uint8Array {
  const Model = modelProto();
  const message = Model.decode(model) as unknown as { graph: GraphMessage };
  const graph = message.graph;
  const output = graph.output.find((o) => o.name === keep);
  if (!output) throw new Error(`ISNet graph has no output ${keep}`);
  graph.output = [output];
  graph.node = liveNodes(graph.node, [keep]);
  const used = new Set(graph.node.flatMap((n) => n.input ?? []));
  graph.initializer = graph.initializer.filter((t) => used.has(t.name ?? ''));
  // A float16 graph becomes float32 throughout; its casts then convert float to float. A graph already in
  // float32 (the quantised "small" model casts integer results to float) keeps its casts.
  const half = graph.initializer.some((t) => t.dataType === FLOAT16);
  for (const tensor of graph.initializer) widen(tensor);
  for (const node of half ? graph.node : []) {
    if (node.opType !== 'Cast') continue;
    node.opType = 'Identity';
    node.attribute = [];
  }
  for (const value of [...graph.input, output] as GraphMessage['output']) {
    const type = value.type?.tensorType;
    if (type?.elemType === FLOAT16) type.elemType = FLOAT;
  }
  return Model.encode(message as never).finish();
}
