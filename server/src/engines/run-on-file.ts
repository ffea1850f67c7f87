import { decodePhoto } from '../lib/image/raw-image';
import { checkUpload } from '../lib/image-intake';
import { silentLogger } from '../lib/logger';
import { AppError } from '../lib/errors';
import { decodeMaskPng, encodeMaskPng } from '../lib/image/mask';
import { encodeResult, type EncodedResult } from '../lib/image/result-encoding';
import { checkEditRequest, type ModeRunner } from './mode-runner';
import type { EngineResult } from './types';

export interface FileRun {
  /** An encoded photo, checked as an upload is, then decoded once. */
  image: Buffer;
  /** A PNG, white = the area to change, read as the editor's mask is. */
  mask: Buffer | null;
  prompt: string | null;
  options: Record<string, unknown>;
  progress?: (fraction: number) => void;
}

/** The result as a file, written as the server writes it, with its size in pixels. */
export interface FileResult extends Omit<EngineResult, 'image'>, EncodedResult {
  width: number;
  height: number;
}

/**
 * One photo through a mode's runner outside the server (the command line, the site's image scripts): the same
 * checks as an upload, the largest plan's limits, no time pressure on the local providers, and the result
 * encoded as the job handler encodes it.
 */
export async function runOnFile(runner: ModeRunner, run: FileRun): Promise<FileResult> {
  const { options, usesMask } = checkEditRequest(runner, {
    prompt: run.prompt?.trim() || null,
    rawOptions: run.options,
    hasMask: Boolean(run.mask),
    brush: 'erase',
  });
  await checkUpload(run.image);
  const photo = await decodePhoto(run.image);
  const mask =
    usesMask && run.mask ? await decodeMaskPng(run.mask, photo.image.width, photo.image.height) : null;
  const { image, ...result } = await runner.run(
    { ...photo, mask, prompt: run.prompt?.trim() || null, options, plan: 'yearly' },
    {
      signal: new AbortController().signal,
      timeoutMs: 15 * 60_000,
      log: silentLogger,
      progress: run.progress ?? (() => {}),
    },
  );
  const encoded = await encodeResult(image, runner.mode, photo.format);
  return { ...result, ...encoded, width: image.width, height: image.height };
}

/**
 * The mask a mode proposes for a photo outside the server (`detect-watermark`), checked as an upload is:
 * a black and white PNG at the photo's size, or null when it finds nothing to mark.
 */
export async function findMaskOnFile(runner: ModeRunner, image: Buffer): Promise<Buffer | null> {
  if (!runner.findMask)
    throw new AppError('MODE_NOT_AVAILABLE', `${runner.mode} does not find its own mask.`);
  await checkUpload(image);
  const photo = await decodePhoto(image);
  const mask = await runner.findMask(photo.image);
  return mask ? encodeMaskPng(mask) : null;
}
