/**
 * Runs one of the product's modes exactly as `npm run cli -- MODE` does, through the same runOnFile: the input is
 * checked and rewritten as an upload is, the mask read as `--mask` is, and the mode's runner from the server's
 * engine registry runs its provider chain. No cloud keys are passed, so the local providers answer and the output
 * can be reproduced on any machine without network access.
 */
import type { Mode } from '@common/modes';
import { createEngineRegistry } from '../../server/src/engines/registry';
import { runOnFile, type FileResult } from '../../server/src/engines/run-on-file';
import { createWorkerPool } from '../../server/src/inference/pool';

const pool = createWorkerPool({ threads: 1 });
const registry = createEngineRegistry({ pool });

export interface ModeRun extends FileResult {
  seconds: number;
}

/** `image` and `mask` are encoded files (the mask a PNG, white = area to change); so is the result's `bytes`. */
export async function runMode(
  mode: Mode,
  image: Buffer,
  options: Record<string, unknown> = {},
  mask: Buffer | null = null,
): Promise<ModeRun> {
  const runner = registry[mode];
  if (!runner) throw new Error(`${mode} has no engine yet.`);
  const started = performance.now();
  const result = await runOnFile(runner, { image, mask, prompt: null, options });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/** Ends the inference worker threads so the script can exit. */
export async function closeEngines(): Promise<void> {
  await pool.close();
}
