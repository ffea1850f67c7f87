import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { builtEntry, COMPILED } from '../../lib/entry-file';
import type { IsnetVariant } from './model-files';

const run = promisify(execFile);

/**
 * Hands `use` the path of a temporary file holding ISNet's float32 graph (float-graph.ts), removed once
 * `use` settles. The conversion runs in a short process of its own: its buffers (the package's float16
 * model, the widened weights and the encoded graph, about 0.5 GB) are gone before the model first runs.
 * Made on the thread that runs the model, they stayed on its heap through that run, whose memory is native
 * and so never prompts V8 to collect them (a 12 MP cut-out's peak was 0.6 GB higher); made in a worker
 * thread, about 0.15 GB of them stayed with the process's allocator. onnxruntime reading the graph from a
 * file keeps no JavaScript copy either.
 */
export async function withIsnetGraphFile<T>(
  variant: IsnetVariant,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'isnet-'));
  try {
    const file = path.join(dir, `${variant}-float32.onnx`);
    const script = new URL('./write-float-graph.ts', import.meta.url);
    await run(
      process.execPath,
      COMPILED
        ? [builtEntry(script), variant, file]
        : ['--import', tsxLoader(), fileURLToPath(script), variant, file],
    );
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}
