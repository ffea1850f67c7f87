import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Human's shipped models/ folder (centernet.json and .bin); the package exports no package.json. */
export function humanModelsDir(): string {
  const entry = require.resolve('@vladmandic/human');
  return path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'models');
}
