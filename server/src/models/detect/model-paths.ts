import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Human's shipped models/ folder (centernet.json and .bin); the package exports no package.json. */
export function humanModelsDir(): string {
  const entry = require.resolve('@vladmandic/human');
  return path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'models');
}

/** The folder of tfjs-backend-wasm's .wasm binaries, with the trailing separator setWasmPaths expects. */
export function tfjsWasmDir(): string {
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
}
