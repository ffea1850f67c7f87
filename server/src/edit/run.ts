import { MODE_INFO } from '@common/modes';
import { runnerFor, type EngineRegistry } from '../engines/mode-runner';
import type { EngineResult } from '../engines/types';
import { restoreOriginal } from '../models/inpaint/restore';
import { decodePhoto, decodeRaw, rawToSharp, type DecodedPhoto } from '../lib/image/raw-image';
import { encodeResult } from '../lib/image/result-encoding';
import { FORMAT_EXTENSION, formatFromMime } from '../lib/image-intake';
import type { Logger } from '../lib/logger';
import { decodeMaskPng, type Mask } from '../lib/image/mask';
import { imageKeys } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { ProcessImageJob, ProcessImageResult } from '../jobs/job-names';
import type { JobContext } from '../jobs/queue';

export interface ProcessImageDeps {
  storage: Storage;
  engines: EngineRegistry;
  log: Logger;
  /** Per provider; the chain moves on to the next provider after it. */
  providerTimeoutMs: number;
}

/**
 * The worker side of one edit: reads the inputs by key, decodes the photo and the mask once, runs the mode
 * (or the restore brush), stores the result and returns its key. It never touches the database, so it can
 * run in a separate worker process.
 */
export async function handleProcessImage(
  deps: ProcessImageDeps,
  job: ProcessImageJob,
  ctx: JobContext,
): Promise<ProcessImageResult> {
  ctx.progress(0.05, 'Preparing your image...');
  const photo = await decodePhoto(await deps.storage.get(job.workingKey));
  const mask = job.maskKey
    ? await decodeMaskPng(await deps.storage.get(job.maskKey), photo.image.width, photo.image.height)
    : null;
  const restore = job.brush === 'restore';
  const result = restore
    ? await restoreFromOriginal(photo, await deps.storage.get(job.originalKey), mask!)
    : await runMode(deps, job, photo, mask, ctx);
  ctx.progress(0.95, 'Saving the result...');
  const { bytes, mime } = await encodeResult(result.image, restore ? 'restore' : job.mode, photo.format);
  const resultKey = imageKeys.result(job.userId, job.imageId, FORMAT_EXTENSION[formatFromMime(mime)]);
  await deps.storage.put(resultKey, bytes);
  return {
    resultKey,
    mime,
    width: result.image.width,
    height: result.image.height,
    providerId: result.providerId,
    note: result.note,
    steps: result.steps,
  };
}

function runMode(
  deps: ProcessImageDeps,
  job: ProcessImageJob,
  photo: DecodedPhoto,
  mask: Mask | null,
  ctx: JobContext,
): Promise<EngineResult> {
  const label = MODE_INFO[job.mode].label;
  return runnerFor(deps.engines, job.mode).run(
    { ...photo, mask, prompt: job.prompt, options: job.options, plan: job.plan },
    {
      signal: ctx.signal,
      timeoutMs: deps.providerTimeoutMs,
      log: deps.log.child({ imageId: job.imageId, mode: job.mode }),
      progress: (fraction, message) =>
        ctx.progress(0.1 + 0.8 * fraction, message ?? `${label} in progress...`),
    },
  );
}

/** The iterative "Restore" brush: the original's pixels come back inside the mask, the rest stays as edited. */
async function restoreFromOriginal(
  current: DecodedPhoto,
  original: Buffer,
  mask: Mask,
): Promise<EngineResult> {
  const now = current.image;
  let before = await decodeRaw(original, now.channels);
  if (before.width !== now.width || before.height !== now.height) {
    const resized = await rawToSharp(before).resize(now.width, now.height, { fit: 'fill' }).raw().toBuffer();
    before = { ...now, data: new Uint8Array(resized) };
  }
  return { image: restoreOriginal(now, before, mask.bits), providerId: 'restore' };
}
