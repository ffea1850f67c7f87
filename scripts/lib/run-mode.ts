/**
 * Runs one of the product's modes exactly as `npm run cli -- MODE` does: the input is checked and rewritten as an
 * upload is (normalizeUpload), the mask is read as the CLI reads `--mask` (decodeMaskPng), and the mode's runner
 * from the server's engine registry runs its provider chain. No cloud keys are passed, so the local providers
 * answer and the output can be reproduced on any machine without network access.
 */
import type { Mode } from '@common/modes';
import { createEngineRegistry } from '../../server/src/engines/registry';
import type { EngineResult } from '../../server/src/engines/types';
import { normalizeUpload } from '../../server/src/lib/image-intake';
import { silentLogger } from '../../server/src/lib/logger';
import { decodeMaskPng } from '../../server/src/lib/mask';
import { sharedWorkerPool } from '../../server/src/workers/pool';

const registry = createEngineRegistry();

export interface ModeRun extends EngineResult {
  seconds: number;
}

/** `image` and `mask` are encoded files (the mask a PNG, white = area to change). */
export async function runMode(
  mode: Mode,
  image: Buffer,
  options: Record<string, unknown> = {},
  mask: Buffer | null = null,
): Promise<ModeRun> {
  const runner = registry[mode];
  if (!runner) throw new Error(`${mode} has no engine yet.`);
  const upload = await normalizeUpload(image);
  const maskPng = mask ? (await decodeMaskPng(mask, upload.width, upload.height)).png : null;
  const started = performance.now();
  const result = await runner.run(
    { image: upload.data, mask: maskPng, prompt: null, options, plan: 'yearly' },
    {
      signal: new AbortController().signal,
      timeoutMs: 15 * 60_000,
      log: silentLogger,
      progress: () => {},
    },
  );
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/** Ends the inference worker threads so the script can exit. */
export async function closeEngines(): Promise<void> {
  await sharedWorkerPool().close();
}
