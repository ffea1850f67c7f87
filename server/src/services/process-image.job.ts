import sharp from 'sharp';
import { MODE_INFO } from '@common/modes';
import { restoreOriginal } from '../models/inpaint/restore';
import type { EngineRegistry } from '../engines/mode-runner';
import type { EngineResult } from '../engines/types';
import type { ProcessImageJob, ProcessImageResult } from '../jobs/job-names';
import type { JobContext } from '../jobs/queue';
import { AppError } from '../lib/errors';
import { decodeRaw, encodeJpeg, encodePng, rawToSharp } from '../lib/image';
import { FORMAT_EXTENSION, formatFromMime, sniffFormat } from '../lib/image-intake';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage/storage';
import { imageKeys } from './image-keys';

export interface ProcessImageDeps {
  storage: Storage;
  engines: EngineRegistry;
  log: Logger;
  /** Per provider; the chain moves on to the next provider after it. */
  providerTimeoutMs: number;
}

/**
 * The worker side of one edit: reads the inputs by key, runs the mode (or the restore brush), stores the
 * result and returns its key. It never touches the database, so it can run in a separate worker process.
 */
export async function runProcessImageJob(
  deps: ProcessImageDeps,
  job: ProcessImageJob,
  ctx: JobContext,
): Promise<ProcessImageResult> {
  ctx.progress(0.05, 'Preparing your image...');
  const working = await deps.storage.get(job.workingKey);
  const mask = job.maskKey ? await deps.storage.get(job.maskKey) : null;
  const result =
    job.brush === 'restore'
      ? await restoreFromOriginal(working, await deps.storage.get(job.originalKey), mask)
      : await runMode(deps, job, working, mask, ctx);
  ctx.progress(0.95, 'Saving the result...');
  const format = formatFromMime(result.mime);
  const resultKey = imageKeys.result(job.userId, job.imageId, FORMAT_EXTENSION[format]);
  await deps.storage.put(resultKey, result.image);
  const { width = 0, height = 0 } = await sharp(result.image).metadata();
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

async function runMode(
  deps: ProcessImageDeps,
  job: ProcessImageJob,
  image: Buffer,
  mask: Buffer | null,
  ctx: JobContext,
): Promise<EngineResult> {
  const runner = deps.engines[job.mode];
  if (!runner) throw new AppError('MODE_NOT_AVAILABLE', `${MODE_INFO[job.mode].label} is not available yet.`);
  const label = MODE_INFO[job.mode].label;
  return runner.run(
    { image, mask, prompt: job.prompt, options: job.options, plan: job.plan },
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
  current: Buffer,
  original: Buffer,
  mask: Buffer | null,
): Promise<EngineResult> {
  if (!mask) throw new AppError('INVALID_MASK', 'Please paint over the area to restore.');
  const now = await decodeRaw(current, 3);
  let before = await decodeRaw(original, 3);
  if (before.width !== now.width || before.height !== now.height) {
    const resized = await rawToSharp(before).resize(now.width, now.height, { fit: 'fill' }).raw().toBuffer();
    before = { ...now, data: new Uint8Array(resized) };
  }
  const bits = await decodeRaw(mask, 1);
  const restored = restoreOriginal(now, before, bits.data);
  const format = sniffFormat(current);
  const image = format === 'jpeg' ? await encodeJpeg(restored, 95) : await encodePng(restored);
  return { image, mime: format === 'jpeg' ? 'image/jpeg' : 'image/png', providerId: 'restore' };
}
