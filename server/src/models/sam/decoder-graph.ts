import protobuf from 'protobufjs';

/**
 * The packaged decoder is SAM's ONNX export with `return_single_mask`: it computes all four masks (token 0 for
 * unambiguous prompts, tokens 1-3 the part / object / whole of a single tap) and their predicted IoU, picks one
 * inside the graph, then resizes it to the photo's size. This keeps the four low-resolution masks and the four
 * scores as the graph's outputs and drops the rest: the choice is made in postprocess.ts (which prefers the
 * smallest stable mask for a single tap), and the resize to a 12-megapixel photo, which the graph would
 * compute on every tap whatever outputs are asked for, is done once on the chosen mask only.
 *
 * Rewritten graph: inputs `image_embeddings` 1x256x64x64, `point_coords` 1xNx2 (model input pixels),
 * `point_labels` 1xN (1 add, 0 remove, 2/3 box corners, -1 padding), `mask_input` 1x1x256x256,
 * `has_mask_input` 1; outputs `masks` 1x4x256x256 logits and `iou` 1x4.
 */

/** Tensor names inside the packaged graph (SAM's mask decoder before its `select_masks`). */
const PACKAGED = { masks: '/Reshape_9_output_0', iou: '/iou_prediction_head/layers.2/Gemm_output_0' };
export const DECODER_OUTPUTS = { masks: 'masks', iou: 'iou' } as const;

interface NodeMessage {
  input: string[];
  output: string[];
}
interface GraphMessage {
  node: NodeMessage[];
  initializer: { name?: string }[];
  input: { name: string }[];
  output: unknown[];
}

let schema: protobuf.Type | undefined;
function modelProto(): protobuf.Type {
  schema ??= protobuf
    .loadSync(new URL('../esrgan/onnx-subset.proto', import.meta.url).pathname)
    .lookupType('onnx.ModelProto');
  return schema;
}

/** The nodes `outputs` depend on, in their original (topological) order. */
function liveNodes(nodes: NodeMessage[], outputs: string[]): NodeMessage[] {
  const producer = new Map<string, NodeMessage>();
  for (const n of nodes) for (const o of n.output) producer.set(o, n);
  const live = new Set<NodeMessage>();
  const pending = [...outputs];
  while (pending.length) {
    const node = producer.get(pending.pop()!);
    if (!node || live.has(node)) continue;
    live.add(node);
    for (const i of node.input) if (i) pending.push(i);
  }
  return nodes.filter((n) => live.has(n));
}

/** The packaged decoder's bytes, rewritten to answer all four masks and scores (see above). */
export function multimaskDecoder(model: Uint8Array): Uint8Array {
  const Model = modelProto();
  const message = Model.decode(model) as unknown as { graph: GraphMessage };
  const graph = message.graph;
  graph.node = liveNodes(graph.node, [PACKAGED.masks, PACKAGED.iou]);
  const produced = new Set(graph.node.flatMap((n) => n.output));
  if (!produced.has(PACKAGED.masks) || !produced.has(PACKAGED.iou))
    throw new Error('the SAM decoder graph has not the expected mask and IoU tensors');
  const rename = new Map([
    [PACKAGED.masks, DECODER_OUTPUTS.masks],
    [PACKAGED.iou, DECODER_OUTPUTS.iou],
  ]);
  for (const node of graph.node) {
    node.output = node.output.map((o) => rename.get(o) ?? o);
    node.input = node.input.map((i) => rename.get(i) ?? i);
  }
  const used = new Set(graph.node.flatMap((n) => n.input));
  graph.initializer = graph.initializer.filter((t) => used.has(t.name ?? ''));
  graph.input = graph.input.filter((i) => used.has(i.name));
  graph.output = [DECODER_OUTPUTS.masks, DECODER_OUTPUTS.iou].map((name) => ({
    name,
    type: { tensorType: { elemType: 1 } },
  }));
  return Model.encode(message as never).finish();
}
