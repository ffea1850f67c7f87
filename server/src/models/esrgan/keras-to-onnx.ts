import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import type { Node, Tensor } from './onnx-graph';
import { observedTensors, quantizeGraph, type QuantizeOptions } from './quantize';

/**
 * Turns the ESRGAN Keras models that ship in @upscalerjs/esrgan-* (TF.js layers format) into ONNX.
 *
 * Graph contract of the result: input `image` float32 [1, 3, H, W] with pixels in 0..255 (NCHW);
 * output `upscaled` float32 [1, 3, sH, sW] in 0..255, not clamped. Models trained on 0..1 pixels (thick)
 * get a scale on each side. The Keras graph is NHWC; the ONNX graph is NCHW throughout, so there are no
 * transposes at run time.
 *
 * Only the layers these models use are supported: Conv2D, Activation(relu), Concatenate, Add,
 * MultiplyBeta (x0.2), PixelShuffle{2,4}x and nearest UpSampling2D. A nearest upsampling followed by a
 * convolution is rewritten as one convolution at the low resolution plus DepthToSpace (the sub-pixel
 * form): the same arithmetic without materialising the large upsampled feature map (48 channels at 4x
 * the size), which was the slowest and most memory-hungry step of the 4x model.
 */

export interface KerasLayer {
  class_name: string;
  name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
}

export interface KerasModelJson {
  format?: string;
  modelTopology: {
    model_config?: { config: { layers: KerasLayer[] } };
    config?: { layers: KerasLayer[] };
  };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

export interface ConvertOptions {
  /** Pixel range the model expects: 255 for slim and medium, 1 for thick. */
  inputRange: 1 | 255;
  name: string;
  /** Quantise the convolutions to int8 (QDQ form) with these activation ranges; see quantize.ts. */
  quantize?: QuantizeOptions;
  /** Also output every tensor the quantiser would quantise, for calibration (see quantize.ts). */
  observe?: boolean;
}

interface FloatTensor extends Tensor {
  data: Float32Array;
}

const ONNX_FLOAT = 1;
const ONNX_DTYPE = (data: Tensor['data']) =>
  data instanceof Float32Array ? 1 : data instanceof Uint8Array ? 2 : data instanceof Int8Array ? 3 : 6;
const OPSET = 13;

let schema: protobuf.Type | undefined;
function modelProto(): protobuf.Type {
  schema ??= protobuf
    .loadSync(new URL('./onnx-subset.proto', import.meta.url).pathname)
    .lookupType('onnx.ModelProto');
  return schema;
}

/** Reads the weights of a layers model (its shards concatenated in manifest order) by weight name. */
export function readKerasWeights(model: KerasModelJson, shards: Uint8Array[]): Map<string, FloatTensor> {
  const total = shards.reduce((n, s) => n + s.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const shard of shards) {
    all.set(shard, at);
    at += shard.length;
  }
  const weights = new Map<string, FloatTensor>();
  let offset = 0;
  for (const group of model.weightsManifest) {
    for (const w of group.weights) {
      if (w.dtype !== 'float32') throw new Error(`unsupported weight dtype ${w.dtype} for ${w.name}`);
      const count = w.shape.reduce((a, b) => a * b, 1);
      const data = new Float32Array(all.buffer.slice(offset, offset + count * 4));
      weights.set(w.name, { name: w.name, dims: w.shape, data });
      offset += count * 4;
    }
  }
  if (offset !== total) throw new Error(`weights manifest covers ${offset} of ${total} bytes`);
  return weights;
}

/** Reads model.json and its shards from a folder. */
export function loadKerasModel(folder: string): { model: KerasModelJson; shards: Uint8Array[] } {
  const model = JSON.parse(readFileSync(`${folder}/model.json`, 'utf8')) as KerasModelJson;
  const shards = model.weightsManifest.flatMap((g) =>
    g.paths.map((p) => new Uint8Array(readFileSync(`${folder}/${p}`))),
  );
  return { model, shards };
}

export function convertKerasToOnnx(
  model: KerasModelJson,
  shards: Uint8Array[],
  options: ConvertOptions,
): Uint8Array {
  const layers = (model.modelTopology.model_config?.config ?? model.modelTopology.config)?.layers;
  if (!layers) throw new Error('model.json has no layers');
  const weights = readKerasWeights(model, shards);
  const nodes: Node[] = [];
  const initializers: Tensor[] = [];
  const constant = (name: string, dims: number[], data: Float32Array) => {
    initializers.push({ name, dims, data });
    return name;
  };
  const consumers = new Map<string, string[]>();
  for (const layer of layers) {
    for (const [src] of layer.inbound_nodes[0] ?? [])
      consumers.set(src, [...(consumers.get(src) ?? []), layer.name]);
  }
  const byName = new Map(layers.map((l) => [l.name, l]));
  /** Output tensor name of each Keras layer. */
  const outputOf = new Map<string, string>();
  /** Upsampling layers folded into their consumer: layer name -> [source tensor, factor]. */
  const folded = new Map<string, [string, number]>();
  let outputName = '';

  for (const layer of layers) {
    const inputs = (layer.inbound_nodes[0] ?? []).map(([src]) => src);
    const inputTensors = inputs.map((src) => {
      const t = outputOf.get(src);
      if (t === undefined) throw new Error(`layer ${layer.name} reads ${src} before it is computed`);
      return t;
    });
    const out = layer.name;
    const c = layer.config;
    switch (layer.class_name) {
      case 'InputLayer': {
        if (options.inputRange === 255) {
          outputOf.set(layer.name, 'image');
        } else {
          nodes.push({
            opType: 'Mul',
            inputs: ['image', constant('inv255', [], new Float32Array([1 / 255]))],
            output: out,
          });
          outputOf.set(layer.name, out);
        }
        continue;
      }
      case 'Conv2D': {
        const kernel = weights.get(`${layer.name}/kernel`);
        const bias = weights.get(`${layer.name}/bias`);
        if (!kernel || !bias) throw new Error(`missing weights for ${layer.name}`);
        assertConv(layer);
        const upsampled = folded.get(inputs[0]);
        if (upsampled) {
          const [src, s] = upsampled;
          const sub = subPixelConv(kernel, bias, s);
          const conv = `${out}__lr`;
          nodes.push({
            opType: 'Conv',
            inputs: [
              src,
              constant(`${out}/W`, sub.weight.dims, sub.weight.data),
              constant(`${out}/B`, sub.bias.dims, sub.bias.data),
            ],
            output: conv,
            attributes: {
              kernel_shape: sub.weight.dims.slice(2),
              pads: Array(4).fill(sub.pad) as number[],
              strides: [1, 1],
            },
          });
          nodes.push({ opType: 'DepthToSpace', inputs: [conv], output: out, attributes: { blocksize: s } });
        } else {
          const [kh, kw] = kernel.dims;
          const pad = c.padding === 'same' ? [kh >> 1, kw >> 1, kh >> 1, kw >> 1] : [0, 0, 0, 0];
          nodes.push({
            opType: 'Conv',
            inputs: [
              inputTensors[0],
              constant(`${out}/W`, ...hwioToOihw(kernel)),
              constant(`${out}/B`, bias.dims, bias.data),
            ],
            output: out,
            attributes: { kernel_shape: [kh, kw], pads: pad, strides: [1, 1] },
          });
        }
        if (c.activation === 'relu') {
          nodes.push({ opType: 'Relu', inputs: [out], output: `${out}__relu` });
          outputOf.set(layer.name, `${out}__relu`);
        } else if (c.activation !== 'linear') {
          throw new Error(`unsupported activation ${String(c.activation)} in ${layer.name}`);
        } else {
          outputOf.set(layer.name, out);
        }
        break;
      }
      case 'Activation':
        if (c.activation !== 'relu') throw new Error(`unsupported activation ${String(c.activation)}`);
        nodes.push({ opType: 'Relu', inputs: inputTensors, output: out });
        outputOf.set(layer.name, out);
        break;
      case 'Concatenate':
        if (c.axis !== 3 && c.axis !== -1) throw new Error(`concatenation on axis ${String(c.axis)}`);
        nodes.push({ opType: 'Concat', inputs: inputTensors, output: out, attributes: { axis: 1 } });
        outputOf.set(layer.name, out);
        break;
      case 'Add':
        nodes.push({ opType: inputTensors.length === 2 ? 'Add' : 'Sum', inputs: inputTensors, output: out });
        outputOf.set(layer.name, out);
        break;
      case 'MultiplyBeta':
        nodes.push({
          opType: 'Mul',
          inputs: [inputTensors[0], constant(`${out}/beta`, [], new Float32Array([0.2]))],
          output: out,
        });
        outputOf.set(layer.name, out);
        break;
      case 'PixelShuffle2x':
      case 'PixelShuffle3x':
      case 'PixelShuffle4x':
      case 'PixelShuffle8x':
        nodes.push({
          opType: 'DepthToSpace',
          inputs: inputTensors,
          output: out,
          attributes: { blocksize: Number(layer.class_name[12]) },
        });
        outputOf.set(layer.name, out);
        break;
      case 'UpSampling2D': {
        const size = c.size as number[];
        const next = consumers.get(layer.name) ?? [];
        const consumer = next.length === 1 ? byName.get(next[0]) : undefined;
        if (c.interpolation !== 'nearest' || size[0] !== size[1] || consumer?.class_name !== 'Conv2D') {
          throw new Error(`unsupported upsampling in ${layer.name}`);
        }
        folded.set(layer.name, [inputTensors[0], size[0]]);
        outputOf.set(layer.name, `${layer.name}__folded`);
        break;
      }
      default:
        throw new Error(`unsupported Keras layer ${layer.class_name} (${layer.name})`);
    }
    outputName = outputOf.get(layer.name) ?? outputName;
  }

  if (options.inputRange === 1) {
    nodes.push({
      opType: 'Mul',
      inputs: [outputName, constant('x255', [], new Float32Array([255]))],
      output: 'upscaled',
    });
  } else {
    nodes.push({ opType: 'Identity', inputs: [outputName], output: 'upscaled' });
  }
  if (options.observe) return encodeModel(nodes, initializers, options.name, observedTensors(nodes));
  if (options.quantize) {
    const q = quantizeGraph(nodes, initializers, options.quantize);
    return encodeModel(q.nodes, q.initializers, options.name);
  }
  return encodeModel(nodes, initializers, options.name);
}

function assertConv(layer: KerasLayer) {
  const c = layer.config;
  const ones = (v: unknown) => Array.isArray(v) && v.every((x) => x === 1);
  if (!ones(c.strides) || !ones(c.dilation_rate) || c.use_bias !== true) {
    throw new Error(`unsupported convolution settings in ${layer.name}`);
  }
  const [kh, kw] = c.kernel_size as number[];
  if (c.padding === 'same' && (kh % 2 === 0 || kw % 2 === 0))
    throw new Error(`even kernel with same padding in ${layer.name}`);
}

/** Keras [kh, kw, in, out] to ONNX [out, in, kh, kw]. */
function hwioToOihw(kernel: FloatTensor): [number[], Float32Array] {
  const [kh, kw, ci, co] = kernel.dims;
  const out = new Float32Array(kernel.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < ci; i++)
        for (let o = 0; o < co; o++)
          out[((o * ci + i) * kh + y) * kw + x] = kernel.data[((y * kw + x) * ci + i) * co + o];
  return [[co, ci, kh, kw], out];
}

/**
 * A 'same' convolution of a nearest-upsampled map, as a convolution of the map itself whose s*s*out
 * channels are the output's sub-pixel phases in DepthToSpace's DCR order: output pixel (s*y + a, s*x + b)
 * reads upsampled pixels (s*y + a + d), i.e. source pixels y + floor((a + d) / s). Zero padding maps to
 * zero padding, so borders match exactly.
 */
export function subPixelConv(
  kernel: FloatTensor,
  bias: FloatTensor,
  s: number,
): { weight: FloatTensor; bias: FloatTensor; pad: number } {
  const [kh, kw, ci, co] = kernel.dims;
  const r = kh >> 1;
  if (kh !== kw) throw new Error('square kernels only');
  const R = Math.ceil(r / s);
  const k = 2 * R + 1;
  const w = new Float32Array(s * s * co * ci * k * k);
  const b = new Float32Array(s * s * co);
  for (let a = 0; a < s; a++)
    for (let bb = 0; bb < s; bb++)
      for (let o = 0; o < co; o++) {
        const oc = (a * s + bb) * co + o;
        b[oc] = bias.data[o];
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) {
            const ey = Math.floor((a + dy) / s) + R;
            const ex = Math.floor((bb + dx) / s) + R;
            for (let i = 0; i < ci; i++) {
              w[((oc * ci + i) * k + ey) * k + ex] +=
                kernel.data[(((dy + r) * kw + (dx + r)) * ci + i) * co + o];
            }
          }
      }
  return {
    weight: { name: 'w', dims: [s * s * co, ci, k, k], data: w },
    bias: { name: 'b', dims: [s * s * co], data: b },
    pad: R,
  };
}

function encodeModel(
  nodes: Node[],
  initializers: Tensor[],
  name: string,
  extraOutputs: string[] = [],
): Uint8Array {
  const Model = modelProto();
  const valueInfo = (n: string) => ({
    name: n,
    type: {
      tensorType: {
        elemType: ONNX_FLOAT,
        shape: { dim: [{ dimValue: 1 }, { dimValue: 3 }, { dimParam: `${n}_h` }, { dimParam: `${n}_w` }] },
      },
    },
  });
  const attribute = (key: string, value: number | number[]) =>
    Array.isArray(value) ? { name: key, type: 7, ints: value } : { name: key, type: 2, i: value };
  const message = Model.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'cleanup-studio keras-to-onnx',
    producerVersion: '1',
    docString: `${name}: input image [1,3,H,W] 0..255, output upscaled [1,3,sH,sW] 0..255`,
    graph: {
      name,
      node: nodes.map((n, i) => ({
        name: `n${i}_${n.opType}`,
        opType: n.opType,
        input: n.inputs,
        output: [n.output],
        attribute: Object.entries(n.attributes ?? {}).map(([k, v]) => attribute(k, v)),
      })),
      initializer: initializers.map((t) => ({
        name: t.name,
        dims: t.dims,
        dataType: ONNX_DTYPE(t.data),
        rawData: new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength),
      })),
      input: [valueInfo('image')],
      output: [
        valueInfo('upscaled'),
        ...extraOutputs.map((n) => ({ name: n, type: { tensorType: { elemType: ONNX_FLOAT } } })),
      ],
    },
  });
  return Model.encode(message).finish();
}
