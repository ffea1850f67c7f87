import { createRequire } from 'node:module';
import path from 'node:path';

export type EsrganVariant = 'slim' | 'medium' | 'thick';
export type EsrganScale = 2 | 4;

const require = createRequire(import.meta.url);

/** Folder holding the shipped Keras model (model.json and shards) inside the npm package; no downloads. */
export function kerasModelFolder(variant: EsrganVariant, scale: EsrganScale): string {
  // The packages export no package.json, so resolve their entry point and climb to the package root.
  const entry = require.resolve(`@upscalerjs/esrgan-${variant}`);
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return path.join(root, 'models', `x${scale}`);
}

/** Slim and medium were trained on 0..255 pixels, thick on 0..1. */
export function inputRange(variant: EsrganVariant): 1 | 255 {
  return variant === 'thick' ? 1 : 255;
}
