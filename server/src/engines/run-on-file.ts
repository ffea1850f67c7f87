import { normalizeUpload } from '../lib/image-intake';
import { silentLogger } from '../lib/logger';
import { decodeMaskPng } from '../lib/mask';
import type { ModeRunner } from './mode-runner';
import type { EngineResult } from './types';

export interface FileRun {
  /** An encoded photo, checked and rewritten as an upload is. */
  image: Buffer;
  /** A PNG, white = the area to change, read as the editor's mask is. */
  mask: Buffer | null;
  prompt: string | null;
  options: Record<string, unknown>;
  progress?: (fraction: number) => void;
}

/**
 * One photo through a mode's runner outside the server (the command line, the site's image scripts): the same
 * checks as an upload, the largest plan's limits, and no time pressure on the local providers.
 */
export async function runOnFile(runner: ModeRunner, run: FileRun): Promise<EngineResult> {
  const upload = await normalizeUpload(run.image);
  const mask = run.mask ? (await decodeMaskPng(run.mask, upload.width, upload.height)).png : null;
  return runner.run(
    { image: upload.data, mask, prompt: run.prompt, options: run.options, plan: 'yearly' },
    {
      signal: new AbortController().signal,
      timeoutMs: 15 * 60_000,
      log: silentLogger,
      progress: run.progress ?? (() => {}),
    },
  );
}
