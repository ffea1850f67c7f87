import { MODE_INFO } from '@common/modes';
import { runnerFor, type EngineRegistry, type ModeRunner } from '../engines/mode-runner';
import { createRestoreRunner } from '../engines/restore/restore.runner';
import type { RunContext } from '../engines/types';
import { decodePhoto, imageSize } from '../lib/image/raw-image';
import { FORMAT_EXTENSION, formatFromMime } from '../lib/image-intake';
import type { Logger } from '../lib/logger';
import { decodeMaskPng } from '../lib/image/mask';
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
 * The worker side of one edit: reads the inputs by key, decodes the photo and the mask once, runs the mode's
 * runner (or the Restore brush's, `engines/restore/`), stores the result and returns its key. It never touches
 * the database, so it can run in a separate worker process.
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
  const runner: Pick<ModeRunner, 'run'> =
    job.brush === 'restore'
      ? createRestoreRunner(await deps.storage.get(job.originalKey))
      : runnerFor(deps.engines, job.mode);
  const result = await runner.run(
    { ...photo, mask, prompt: job.prompt, options: job.options, plan: job.plan },
    runContext(deps, job, ctx),
  );
  ctx.progress(0.95, 'Saving the result...');
  const resultKey = imageKeys.result(job.userId, job.imageId, FORMAT_EXTENSION[formatFromMime(result.mime)]);
  await deps.storage.put(resultKey, result.image);
  const { width, height } = await imageSize(result.image);
  return {
    resultKey,
    mime: result.mime,
    width,
    height,
    providerId: result.providerId,
    note: result.note,
    steps: result.steps,
  };
}

/** What a runner is given besides the request: the job's signal, time limit, log and share of the progress. */
function runContext(deps: ProcessImageDeps, job: ProcessImageJob, ctx: JobContext): RunContext {
  const label = MODE_INFO[job.mode].label;
  return {
    signal: ctx.signal,
    timeoutMs: deps.providerTimeoutMs,
    log: deps.log.child({ imageId: job.imageId, mode: job.mode }),
    progress: (fraction, message) => ctx.progress(0.1 + 0.8 * fraction, message ?? `${label} in progress...`),
  };
}
