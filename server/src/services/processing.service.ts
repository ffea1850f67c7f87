import { EventEmitter } from 'node:events';
import sharp from 'sharp';
import { MODE_INFO } from '@common/modes';
import { PLAN_LIMITS } from '@common/plans';
import type { ProcessResponse, ProgressEventBody, PromptPlanResponse } from '@common/schemas/process';
import type { z } from 'zod';
import type { processRequestSchema } from '@common/schemas/process';
import type { Db } from '../db/client';
import type { ProcessedImageRow, UserRow } from '../db/schema';
import type { EngineRegistry } from '../engines/mode-runner';
import type { ProcessImageJob } from '../jobs/job-names';
import type { Queue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { decodeMaskDataUrl } from '../lib/mask';
import { createCreditRepository } from '../repositories/credit.repository';
import { createProcessedImageRepository } from '../repositories/processed-image.repository';
import { createUsageRecordRepository } from '../repositories/usage-record.repository';
import { createUserRepository } from '../repositories/user.repository';
import type { Storage } from '../storage/storage';
import type { CreditsService, Reservation } from './credits.service';
import { imageIdFromResultUrl, imageKeys, imageUrls } from './image-keys';
import { toCurrentUser } from './user-view';

export type ProcessBody = z.output<typeof processRequestSchema>;
export type ProcessingService = ReturnType<typeof createProcessingService>;

const INTERRUPTED =
  'Processing was interrupted because the server restarted. Your credit was returned; please try again.';

/**
 * One edit from request to result: checks, then the credit is taken in the same transaction that moves the row
 * to processing, the job runs on the queue, and the outcome is recorded. A failure marks the row failed, gives
 * the credit back and removes any file the attempt wrote.
 */
export function createProcessingService(deps: {
  db: Db;
  storage: Storage;
  queue: Queue;
  engines: EngineRegistry;
  credits: CreditsService;
  clock: Clock;
  log: Logger;
}) {
  const { db, storage, queue, engines, credits, clock, log } = deps;
  const images = createProcessedImageRepository(db);
  const events = new EventEmitter().setMaxListeners(0);
  const emit = (imageId: string, event: ProgressEventBody) => events.emit(imageId, event);
  queue.onProgress((e) =>
    emit(e.key, {
      status: 'processing',
      percent: Math.round(e.fraction * 100),
      message: e.message ?? 'Processing your image...',
    }),
  );

  async function workingImage(user: UserRow, row: ProcessedImageRow, body: ProcessBody): Promise<string> {
    if (!body.isIterativeEdit || !body.currentImageUrl) return row.originalPath;
    const id = imageIdFromResultUrl(body.currentImageUrl);
    if (!id)
      throw new AppError(
        'BAD_REQUEST',
        'currentImageUrl must be the address of one of your earlier results.',
      );
    const source = await images.getOwned(id, user.id);
    if (!source?.processedPath)
      throw new AppError('NOT_FOUND', 'The earlier result to continue from was not found.');
    return source.processedPath;
  }

  async function storeMask(
    user: UserRow,
    row: ProcessedImageRow,
    workingKey: string,
    maskData: string | null,
  ) {
    if (!maskData) return null;
    const meta = await sharp(await storage.get(workingKey)).metadata();
    const mask = await decodeMaskDataUrl(maskData, meta.width!, meta.height!);
    const key = imageKeys.mask(user.id, row.id);
    await storage.put(key, mask.png);
    return key;
  }

  async function reserve(
    user: UserRow,
    row: ProcessedImageRow,
    maskKey: string | null,
  ): Promise<Reservation> {
    return db.transaction(async (tx) => {
      const reservation = await credits.reserve(createCreditRepository(tx as Db), user.id);
      const started = await createProcessedImageRepository(tx as Db).startProcessing(row.id, maskKey);
      if (!started) throw new AppError('CONFLICT', 'This image is already being processed.');
      return reservation;
    });
  }

  async function fail(row: ProcessedImageRow, userId: string, reservation: Reservation, error: unknown) {
    const message =
      error instanceof AppError && error.code !== 'ENGINE_FAILED'
        ? error.message
        : 'We could not process this image. Your credit was returned; please try again.';
    await images
      .markFailed(row.id, message)
      .catch((e) => log.error({ err: e }, 'could not mark the image failed'));
    await credits
      .refund(createCreditRepository(db), userId, reservation)
      .catch((e) => log.error({ err: e, userId }, 'could not refund a credit'));
    emit(row.id, { status: 'failed', percent: 100, message });
    return error instanceof AppError && error.code !== 'ENGINE_FAILED'
      ? error
      : new AppError('ENGINE_FAILED', message, { cause: String(error) });
  }

  return {
    /** Progress of one image's processing, for the event stream. */
    subscribe(imageId: string, listener: (event: ProgressEventBody) => void): () => void {
      events.on(imageId, listener);
      return () => events.off(imageId, listener);
    },

    /** Chat to Edit's preview: what the instruction would do here; free, and nothing is stored. */
    planInstruction(prompt: string): PromptPlanResponse {
      const preview = engines['prompt-edit']?.preview;
      if (!preview) throw new AppError('MODE_NOT_AVAILABLE', 'Chat to Edit is not available on this server.');
      return preview(prompt);
    },

    async process(user: UserRow, imageId: string, body: ProcessBody): Promise<ProcessResponse> {
      const row = /^[0-9a-f-]{36}$/i.test(imageId) ? await images.getOwned(imageId, user.id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'This image does not exist or is not yours.');
      if (row.status === 'processing')
        throw new AppError('CONFLICT', 'This image is already being processed.');
      const mode = row.editingMode;
      const runner = engines[mode];
      if (!runner) {
        throw new AppError(
          'MODE_NOT_AVAILABLE',
          `${MODE_INFO[mode].label} is not available yet. Please try another mode.`,
        );
      }
      const restore = body.mode === 'restore' && body.isIterativeEdit;
      if (restore && !runner.needsMask)
        throw new AppError('BAD_REQUEST', 'Restore works only in the mask-based modes.');
      const options = runner.parseOptions({ ...body.options, ...(body.scale ? { scale: body.scale } : {}) });
      const prompt = body.prompt?.trim() || null;
      if (MODE_INFO[mode].needsPrompt && !prompt) {
        throw new AppError('BAD_REQUEST', 'Please describe what you want to do with the image.');
      }
      runner.check?.({ prompt, options });
      if ((runner.needsMask || restore) && !body.maskData) {
        throw new AppError('BAD_REQUEST', 'Please mark the area to change on the image first.');
      }
      const workingKey = await workingImage(user, row, body);
      const maskKey = await storeMask(
        user,
        row,
        workingKey,
        runner.needsMask || restore ? body.maskData : null,
      );

      let reservation: Reservation;
      try {
        reservation = await reserve(user, row, maskKey);
      } catch (error) {
        if (maskKey) await storage.delete(maskKey);
        throw error;
      }
      emit(row.id, { status: 'queued', percent: 0, message: 'Waiting for a free slot...' });

      const job: ProcessImageJob = {
        imageId: row.id,
        userId: user.id,
        mode,
        plan: user.subscriptionTier,
        workingKey,
        originalKey: row.originalPath,
        maskKey,
        brush: restore ? 'restore' : 'erase',
        prompt,
        options,
      };
      let resultKey: string | undefined;
      try {
        const result = await queue.run('process-image', job, {
          priority: PLAN_LIMITS[user.subscriptionTier].queuePriority,
          progressKey: row.id,
        });
        resultKey = result.resultKey;
        await db.transaction(async (tx) => {
          await createProcessedImageRepository(tx as Db).markCompleted(row.id, {
            processedPath: result.resultKey,
            providerId: result.providerId,
          });
          await createUsageRecordRepository(tx as Db).create({
            userId: user.id,
            imageId: row.id,
            editingMode: mode,
          });
        });
        emit(row.id, { status: 'completed', percent: 100, message: 'Done' });
        const fresh = (await createUserRepository(db).getById(user.id)) ?? user;
        return {
          processedPath: imageUrls.result(row.id, result.resultKey),
          downloadPath: imageUrls.download(row.id, result.resultKey),
          width: result.width,
          height: result.height,
          providerId: result.providerId,
          ...(result.note ? { note: result.note } : {}),
          ...(result.steps ? { steps: result.steps } : {}),
          credits: toCurrentUser(fresh, clock.now()).credits,
        };
      } catch (error) {
        if (resultKey) await storage.delete(resultKey).catch(() => undefined);
        throw await fail(row, user.id, reservation, error);
      }
    },

    /**
     * At start: rows left in processing by a stopped server are marked failed and their credit is returned.
     * Re-running them instead would surprise a person who has long since left the page.
     */
    async recoverInterrupted(): Promise<number> {
      const stuck = await images.listProcessing();
      for (const row of stuck) {
        await images.markFailed(row.id, INTERRUPTED);
        await credits.refund(createCreditRepository(db), row.userId, { takenAt: row.updatedAt });
      }
      if (stuck.length) log.warn({ count: stuck.length }, 'failed the images a restart interrupted');
      return stuck.length;
    },
  };
}
