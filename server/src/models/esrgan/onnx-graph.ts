/**
 * The ONNX graph as the Keras converter (keras-to-onnx.ts) builds it and the quantiser (quantize.ts)
 * rewrites it, before it is encoded: kept apart so that neither imports the other for its types.
 */
export interface Tensor {
  name: string;
  dims: number[];
  data: Float32Array | Int8Array | Uint8Array | Int32Array;
}

export interface Node {
  opType: string;
  inputs: string[];
  output: string;
  attributes?: Record<string, number | number[]>;
}
