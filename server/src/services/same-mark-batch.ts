import type { BatchEvent } from '@common/schemas/batch';
import type { UserRow } from '../db/schema';
import { runnerFor, type EngineRegistry } from '../engines/mode-runner';
import { AppError } from '../lib/errors';
import { FORMAT_EXTENSION, formatFromMime } from '../lib/image-intake';
import { imageKeys } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { Reservation } from './credits.service';
import type { ProcessBody, ProcessingService } from '../edit/processing';

/** The batch option of watermark removal: one mark on every photo, estimated from all of them. */
export const isSameMarkBatch = (options: Record<string, unknown> | undefined) => options?.sameMark === true;

export const NOT_ON_THIS_PHOTO =
  'The shared watermark was not found on this photo: it was left as it was, and its credit returned.';

/**
 * Runs a same-mark batch: every photo submitted (checks, its credit from the batch's), the mark estimated once
 * from all the submitted photos in the inference threads, then each photo's result stored and settled; a photo
 * without the mark, or a batch where no common mark is found, fails with its credit returned.
 */
export async function runSameMarkBatch(
  deps: { processing: ProcessingService; storage: Storage; engines: EngineRegistry },
  user: UserRow,
  imageIds: string[],
  edit: ProcessBody,
  held: Reservation,
  send: (event: BatchEvent) => void,
): Promise<{ completed: number; failed: number }> {
  const { processing, storage, engines } = deps;
  const runner = runnerFor(engines, 'watermark-removal');
  const { sameMark: _estimatedHere, ...options } = edit.options ?? {};
  const body = { ...edit, options };
  let completed = 0;
  let failed = 0;
  const fail = (imageId: string, error: unknown) => {
    failed++;
    const told =
      error instanceof AppError
        ? error
        : new AppError('ENGINE_FAILED', 'We could not process this photo. Its credit was returned.');
    send({ type: 'failed', imageId, error: { code: told.code, message: told.message } });
  };

  const submitted: Awaited<ReturnType<ProcessingService['submitOwn']>>[] = [];
  for (const imageId of imageIds) {
    try {
      submitted.push(await processing.submitOwn(user, imageId, body, held));
    } catch (error) {
      fail(imageId, error);
    }
  }
  const progress = (fraction: number) => {
    for (const { job } of submitted)
      send({
        type: 'progress',
        imageId: job.imageId,
        status: 'processing',
        percent: Math.round(fraction * 100),
        message: 'Estimating the watermark from every photo...',
      });
  };
  let results: Awaited<ReturnType<NonNullable<typeof runner.removeSameMark>>> | null = null;
  let estimation: unknown = null;
  try {
    if (!runner.removeSameMark)
      throw new AppError(
        'MODE_NOT_AVAILABLE',
        '"Same watermark on all photos" is not available on this server.',
      );
    const files = await Promise.all(
      submitted.map(async ({ job }) => ({ name: job.imageId, bytes: await storage.get(job.workingKey) })),
    );
    const mask = edit.maskData
      ? Buffer.from(edit.maskData.slice(edit.maskData.indexOf(',') + 1), 'base64')
      : null;
    results = await runner.removeSameMark(files, mask, progress);
  } catch (error) {
    estimation = error;
  }

  for (const [i, own] of submitted.entries()) {
    const imageId = own.job.imageId;
    try {
      const response = await own.finish(async () => {
        if (!results) throw estimation;
        const result = results[i];
        if (!result.marked) throw new AppError('NOTHING_TO_DO', NOT_ON_THIS_PHOTO);
        const resultKey = imageKeys.result(user.id, imageId, FORMAT_EXTENSION[formatFromMime(result.mime)]);
        await storage.put(resultKey, result.bytes);
        const { mime, width, height, note } = result;
        return { resultKey, mime, width, height, providerId: 'same-mark', note };
      });
      completed++;
      send({
        type: 'completed',
        imageId,
        result: {
          processedPath: response.processedPath,
          downloadPath: response.downloadPath,
          width: response.width,
          height: response.height,
          ...(response.note ? { note: response.note } : {}),
        },
      });
    } catch (error) {
      fail(imageId, error);
    }
  }
  return { completed, failed };
}
