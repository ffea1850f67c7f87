import type { Node, Tensor } from './onnx-graph';

/**
 * Static int8 quantisation of the converted graph in QDQ form, which onnxruntime (graph optimisation
 * level "all") fuses into QLinearConv with its int8 kernels:
 * - weights: per-output-channel symmetric int8 initialisers (7-bit, see WEIGHT_LEVELS), each read through a
 *   DequantizeLinear;
 * - biases: int32 at the scale input scale x weight scale, through a DequantizeLinear;
 * - activations: every convolution's input and output pass through a QuantizeLinear/DequantizeLinear pair
 *   (uint8, asymmetric per tensor) with ranges from a calibration pass over photos (calibrate-thick.ts).
 *   A ReLU output gets zero point 0, so onnxruntime folds the ReLU into the quantisation.
 * Everything else (concatenations, residual additions, the x0.2 scaling, the pixel shuffle) stays float
 * between the pairs, so the residual stream is not re-quantised at every block.
 */
export interface QuantizeOptions {
  /** [min, max] of each observed tensor (see observedTensors), from calibration. */
  ranges: Record<string, [number, number]>;
  /** Output names of the convolutions kept in float (the last ones, whose outputs are pixels). */
  keepFloat?: string[];
}

/** Convolution output as the quantiser sees it: the ReLU's output when a ReLU is the only consumer. */
function convResult(nodes: Node[], conv: Node): string {
  const consumers = nodes.filter((n) => n.inputs.includes(conv.output));
  return consumers.length === 1 && consumers[0].opType === 'Relu' ? consumers[0].output : conv.output;
}

/** The tensors whose ranges calibration must measure: every convolution's input and result. */
export function observedTensors(nodes: Node[]): string[] {
  const names = new Set<string>();
  for (const n of nodes) {
    if (n.opType !== 'Conv') continue;
    names.add(n.inputs[0]);
    names.add(convResult(nodes, n));
  }
  return [...names];
}

/**
 * Weights use 7 of int8's bits (-63..63). Without VNNI (AVX2 only, as on many servers), onnxruntime's
 * u8s8 kernels add pairs of products in int16 (VPMADDUBSW), which saturates with full-range weights:
 * 0.76 level RMS from the float model instead of 0.42, up to 5.7 levels at worst. The spare bit keeps
 * every machine at the smaller error (onnxruntime's own quantiser calls this reduce_range).
 */
export const WEIGHT_LEVELS = 63;

/** uint8 scale and zero point covering [min, max] and zero. */
export function activationParams([lo, hi]: [number, number]): { scale: number; zeroPoint: number } {
  const min = Math.min(0, lo);
  const max = Math.max(0, hi, min + 1e-6);
  const scale = (max - min) / 255;
  return { scale, zeroPoint: Math.min(255, Math.max(0, Math.round(-min / scale))) };
}

export function quantizeGraph(
  nodes: Node[],
  initializers: Tensor[],
  options: QuantizeOptions,
): { nodes: Node[]; initializers: Tensor[] } {
  const keepFloat = new Set(options.keepFloat ?? []);
  const init = new Map(initializers.map((t) => [t.name, t]));
  const dropped = new Set<string>();
  const added: Tensor[] = [];
  const prefix: Node[] = [];
  const out: Node[] = [];
  /** Tensor -> its dequantised copy, and that copy's scale. */
  const dequantised = new Map<string, string>();
  const scaleOf = new Map<string, number>();
  /** Float tensors every later reader takes in dequantised form (convolution results). */
  const rename = new Map<string, string>();
  /** ReLU outputs whose pair is emitted right after the ReLU. */
  const pendingAfter = new Map<string, string>();

  const qdq = (tensor: string): string => {
    const have = dequantised.get(tensor);
    if (have) return have;
    const range = options.ranges[tensor];
    if (!range) throw new Error(`no calibrated range for ${tensor}`);
    const { scale, zeroPoint } = activationParams(range);
    added.push({ name: `${tensor}__s`, dims: [], data: new Float32Array([scale]) });
    added.push({ name: `${tensor}__zp`, dims: [], data: new Uint8Array([zeroPoint]) });
    const q = `${tensor}__q`;
    const dq = `${tensor}__dq`;
    out.push({ opType: 'QuantizeLinear', inputs: [tensor, `${tensor}__s`, `${tensor}__zp`], output: q });
    out.push({ opType: 'DequantizeLinear', inputs: [q, `${tensor}__s`, `${tensor}__zp`], output: dq });
    dequantised.set(tensor, dq);
    scaleOf.set(tensor, scale);
    return dq;
  };

  for (const node of nodes) {
    const inputs = node.inputs.map((i) => rename.get(i) ?? i);
    if (node.opType !== 'Conv' || keepFloat.has(node.output)) {
      out.push({ ...node, inputs });
      const result = pendingAfter.get(node.output);
      if (result) {
        qdq(result);
        rename.set(result, dequantised.get(result)!);
      }
      continue;
    }
    const [x, wName, bName] = node.inputs;
    const xdq = qdq(x);
    const sx = scaleOf.get(x)!;
    const w = init.get(wName);
    const b = init.get(bName);
    if (!w || !b) throw new Error(`convolution ${node.output} has no constant weights`);
    const [co] = w.dims;
    const per = w.data.length / co;
    const wq = new Int8Array(w.data.length);
    const ws = new Float32Array(co);
    const bq = new Int32Array(co);
    const bs = new Float32Array(co);
    for (let o = 0; o < co; o++) {
      let m = 0;
      for (let i = o * per; i < (o + 1) * per; i++) m = Math.max(m, Math.abs(w.data[i]));
      const s = m > 0 ? m / WEIGHT_LEVELS : 1;
      ws[o] = s;
      for (let i = o * per; i < (o + 1) * per; i++) wq[i] = Math.round(w.data[i] / s);
      bs[o] = s * sx;
      bq[o] = Math.round(b.data[o] / bs[o]);
    }
    dropped.add(wName).add(bName);
    added.push(
      { name: `${wName}__q`, dims: w.dims, data: wq },
      { name: `${wName}__s`, dims: [co], data: ws },
      { name: `${wName}__zp`, dims: [co], data: new Int8Array(co) },
      { name: `${bName}__q`, dims: [co], data: bq },
      { name: `${bName}__s`, dims: [co], data: bs },
      { name: `${bName}__zp`, dims: [co], data: new Int32Array(co) },
    );
    prefix.push(
      {
        opType: 'DequantizeLinear',
        inputs: [`${wName}__q`, `${wName}__s`, `${wName}__zp`],
        output: wName,
        attributes: { axis: 0 },
      },
      {
        opType: 'DequantizeLinear',
        inputs: [`${bName}__q`, `${bName}__s`, `${bName}__zp`],
        output: bName,
        attributes: { axis: 0 },
      },
    );
    out.push({ ...node, inputs: [xdq, wName, bName] });
    const result = convResult(nodes, node);
    if (result === node.output) {
      qdq(result);
      rename.set(result, dequantised.get(result)!);
    } else {
      // The ReLU follows; quantise its output (zero point 0) once it is emitted.
      pendingAfter.set(result, result);
    }
  }
  return {
    nodes: [...prefix, ...out],
    initializers: [...initializers.filter((t) => !dropped.has(t.name)), ...added],
  };
}
