import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from './tf';

/** A TensorFlow.js graph model from its JSON and first weights file in `dir`, as Human's models ship. */
export async function loadGraphModel(dir: string, file: string): Promise<tf.GraphModel> {
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
    signature?: object;
  };
  const manifest = json.weightsManifest[0];
  const bin = await readFile(path.join(dir, manifest.paths[0]));
  const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.length) as ArrayBuffer;
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.weights,
      weightData,
      signature: json.signature,
    }),
  );
}
