import type { ProcessRequest } from '@common/schemas/process';
import type { z } from 'zod';
import type { processRequestSchema } from '@common/schemas/process';
import type { ProcessedImageRow, UserRow } from '../db/schema';
import { checkEditRequest, runnerFor, type EngineRegistry } from '../engines/mode-runner';
import type { ProcessImageJob } from '../jobs/job-names';
import { AppError } from '../lib/errors';
import { isUuid } from '@common/ids';
import { imageSize } from '../lib/image/raw-image';
import { decodeMaskDataUrl, encodeMaskPng } from '../lib/image/mask';
import type { DataStore } from '../repositories/repositories';
import { imageIdFromResultUrl, imageKeys } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { CreditsService, Reservation } from '../services/credits.service';

export type ProcessBody = z.output<typeof processRequestSchema>;
export type { ProcessRequest };

/** An edit that passed every check and holds its credit: what the queue runs, and what settles it after. */
export interface SubmittedEdit {
  job: ProcessImageJob;
  reservation: Reservation;
}

/**
 * The first half of an edit: every check that needs no pixels, the mask stored, then the credit taken in
 * the same transaction that moves the row to processing. Nothing is spent on a request that fails here.
 */
export function createEditSubmission(deps: {
  data: DataStore;
  storage: Storage;
  engines: EngineRegistry;
  credits: CreditsService;
}) {
  const { data, storage, engines, credits } = deps;

  /** The picture to edit: the original, or the person's own earlier result in iterative editing. */
  async function workingImage(user: UserRow, row: ProcessedImageRow, body: ProcessBody) {
    const own = { key: row.originalKey, width: row.width, height: row.height };
    if (!body.isIterativeEdit || !body.currentImageUrl) return own;
    const id = imageIdFromResultUrl(body.currentImageUrl);
    if (!id)
      throw new AppError(
        'BAD_REQUEST',
        'currentImageUrl must be the address of one of your earlier results.',
      );
    const source = await data.images.getOwned(id, user.id);
    if (!source?.resultKey)
      throw new AppError('NOT_FOUND', 'The earlier result to continue from was not found.');
    return { key: source.resultKey, width: source.resultWidth, height: source.resultHeight };
  }

  async function storeMask(
    user: UserRow,
    row: ProcessedImageRow,
    working: { key: string; width: number | null; height: number | null },
    maskData: string,
  ): Promise<string> {
    // Rows stored before sizes were recorded: read the size from the picture itself.
    const size =
      working.width && working.height
        ? { width: working.width, height: working.height }
        : await imageSize(await storage.get(working.key));
    const mask = await decodeMaskDataUrl(maskData, size.width, size.height);
    const key = imageKeys.mask(user.id, row.id);
    await storage.put(key, await encodeMaskPng(mask));
    return key;
  }

  return {
    /**
     * `prepaid`: a credit the caller already holds for this edit (a batch takes all of its credits at once);
     * the caller then gives it back if this throws.
     */
    async submit(
      user: UserRow,
      imageId: string,
      body: ProcessBody,
      prepaid?: Reservation,
    ): Promise<SubmittedEdit> {
      const row = isUuid(imageId) ? await data.images.getOwned(imageId, user.id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'This image does not exist or is not yours.');
      if (row.status === 'processing')
        throw new AppError('CONFLICT', 'This image is already being processed.');
      const mode = row.editingMode;
      const runner = runnerFor(engines, mode);
      const brush = body.isIterativeEdit ? body.mode : 'erase';
      const prompt = body.prompt?.trim() || null;
      const { options, usesMask } = checkEditRequest(runner, {
        prompt,
        rawOptions: { ...body.options, ...(body.scale ? { scale: body.scale } : {}) },
        hasMask: Boolean(body.maskData),
        brush,
      });
      const working = await workingImage(user, row, body);
      // Watermark removal without a painted mask finds the mark in the job; nothing is stored for it here.
      const maskKey = usesMask ? await storeMask(user, row, working, body.maskData!) : null;

      try {
        const { reservation, startedAt } = await data.transaction(async (tx) => {
          const taken = prepaid ?? (await credits.reserve(tx.credits, user.id));
          const started = await tx.images.startProcessing(row.id, maskKey);
          if (!started) throw new AppError('CONFLICT', 'This image is already being processed.');
          return { reservation: taken, startedAt: started };
        });
        const job: ProcessImageJob = {
          imageId: row.id,
          userId: user.id,
          mode,
          plan: user.subscriptionTier,
          workingKey: working.key,
          originalKey: row.originalKey,
          maskKey,
          brush,
          prompt,
          options,
          startedAt: startedAt.toISOString(),
          creditTakenAt: reservation.takenAt.toISOString(),
        };
        return { job, reservation };
      } catch (error) {
        if (maskKey) await storage.delete(maskKey);
        throw error;
      }
    },
  };
}

export type EditSubmission = ReturnType<typeof createEditSubmission>;
