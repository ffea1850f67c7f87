/**
 * TF.js for every model that runs on it (the object finder, the face detector, the person matte): its wasm
 * backend set up once per thread, before the first graph model loads.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from './tf';

let backend: Promise<void> | undefined;

/** The wasm backend, once per thread; a failed start is forgotten, so the next call retries. */
export function tfjsBackend(): Promise<void> {
  backend ??= (async () => {
    setWasmPaths(tfjsWasmDir());
    if (!(await tf.setBackend('wasm'))) throw new Error('TF.js wasm backend failed to initialise');
    await tf.ready();
  })().catch((error: unknown) => {
    backend = undefined;
    throw error;
  });
  return backend;
}

/**
 * A TensorFlow.js graph model from its JSON and first weights file in `dir`, as Human's models ship, on the
 * wasm backend.
 */
export async function loadGraphModel(dir: string, file: string): Promise<tf.GraphModel> {
  await tfjsBackend();
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

/**
 * The folder of tfjs-backend-wasm's .wasm binaries, with the trailing separator setWasmPaths expects: Node's
 * fetch cannot read file:// URLs, so the binaries are given by path.
 */
function tfjsWasmDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
}
