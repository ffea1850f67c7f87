import type { BatchEvent, batchRequestSchema } from '@common/schemas/batch';
import type { z } from 'zod';
import type { UserRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import type { CreditsService, Reservation } from './credits.service';
import type { ProcessingService } from '../edit/processing';
import { toCurrentUser } from './user-view';
import type { EngineRegistry } from '../engines/mode-runner';
import type { Storage } from '../storage/storage';
import { isSameMarkBatch, runSameMarkBatch } from './same-mark-batch';
import { SAME_MARK_NEEDS_BATCH } from '../engines/watermark-batch/same-mark-runner';

export type BatchBody = z.output<typeof batchRequestSchema>;

/**
 * Photos of one batch in flight at once: the next one is checked and its mask scaled while the queue runs the
 * one before, and at most this many scaled masks are in memory.
 */
const PHOTOS_AT_ONCE = 2;

export interface StartedBatch {
  total: number;
  /** Runs every photo, telling `send` what happens; stops starting photos (and returns their credits) on abort. */
  run(send: (event: BatchEvent) => void, signal: AbortSignal): Promise<void>;
}

/**
 * The same edit on many photos. Every credit the batch needs is taken up front in one transaction, so a batch
 * that cannot be paid for is refused before anything runs, and nothing spent elsewhere meanwhile can leave it
 * half done. Each photo then goes through the one processing path with its credit already held; a photo that
 * fails gives its credit back.
 */
export function createBatchService(deps: {
  data: DataStore;
  credits: CreditsService;
  processing: ProcessingService;
  clock: Clock;
  log: Logger;
  storage: Storage;
  engines: EngineRegistry;
}) {
  const { data, credits, processing, clock, log } = deps;

  return {
    async start(user: UserRow, body: BatchBody): Promise<StartedBatch> {
      const rows = await data.images.listOwned(body.imageIds, user.id);
      const missing = body.imageIds.length - rows.length;
      if (missing > 0)
        throw new AppError(
          'NOT_FOUND',
          `${missing === 1 ? '1 photo' : `${missing} photos`} of this batch do not exist or are not yours.`,
        );
      if (rows.some((row) => row.status === 'processing'))
        throw new AppError('CONFLICT', 'A photo of this batch is already being processed.');
      if (isSameMarkBatch(body.options)) {
        // The shared mark is estimated from at least 3 photos, and only watermark removal has one.
        if (rows.length < 3 || rows.some((row) => row.editingMode !== 'watermark-removal'))
          throw new AppError('BAD_REQUEST', SAME_MARK_NEEDS_BATCH);
      }
      const total = body.imageIds.length;
      const held = await data.transaction((tx) => credits.reserve(tx.credits, user.id, total));
      return { total, run: (send, signal) => run(user, body, held, send, signal) };
    },
  };

  async function run(
    user: UserRow,
    body: BatchBody,
    held: Reservation,
    send: (event: BatchEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const { imageIds } = body;
    send({ type: 'started', total: imageIds.length, creditsHeld: imageIds.length });
    const edit = {
      maskData: body.maskData,
      mode: 'erase' as const,
      isIterativeEdit: false,
      currentImageUrl: null,
      prompt: body.prompt,
      scale: body.scale,
      options: body.options,
    };
    if (isSameMarkBatch(body.options)) {
      const { completed, failed } = await runSameMarkBatch(deps, user, imageIds, edit, held, send);
      return finish(completed, failed);
    }
    let next = 0;
    let completed = 0;
    let failed = 0;

    async function one(imageId: string) {
      if (signal.aborted) {
        await credits.refund(data.credits, user.id, held);
        return;
      }
      const stop = processing.subscribe(imageId, (event) => {
        if (event.status === 'queued' || event.status === 'processing')
          send({ type: 'progress', imageId, ...event, status: event.status });
      });
      try {
        const result = await processing.process(user, imageId, edit, held);
        completed++;
        send({
          type: 'completed',
          imageId,
          result: {
            processedPath: result.processedPath,
            downloadPath: result.downloadPath,
            width: result.width,
            height: result.height,
            ...(result.note ? { note: result.note } : {}),
          },
        });
      } catch (error) {
        failed++;
        const told =
          error instanceof AppError
            ? error
            : new AppError('ENGINE_FAILED', 'We could not process this photo. Its credit was returned.');
        if (!(error instanceof AppError)) log.error({ err: error, imageId }, 'a batch photo failed');
        send({ type: 'failed', imageId, error: { code: told.code, message: told.message } });
      } finally {
        stop();
      }
    }

    const workers = Array.from({ length: Math.min(PHOTOS_AT_ONCE, imageIds.length) }, async () => {
      while (next < imageIds.length) await one(imageIds[next++]);
    });
    await Promise.all(workers);
    await finish(completed, failed);

    async function finish(completed: number, failed: number) {
      const owner = await data.users.getById(user.id);
      if (owner)
        send({ type: 'finished', completed, failed, credits: toCurrentUser(owner, clock.now()).credits });
    }
  }
}

export type BatchService = ReturnType<typeof createBatchService>;
