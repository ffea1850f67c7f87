import type { ProcessResponse } from '@common/schemas/process';
import type { ProcessImageResult } from '../jobs/job-names';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import { imageUrls } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { CreditsService, Reservation } from './credits.service';
import type { SubmittedEdit } from './edit-submission';
import { toCurrentUser } from './user-view';

const INTERRUPTED =
  'Processing was interrupted because the server restarted. Your credit was returned; please try again.';

/**
 * The second half of an edit: a result is recorded with its usage in one transaction and the credit stays
 * spent; a failure marks the row failed, gives the credit back and removes the file the attempt wrote.
 */
export function createEditSettlement(deps: {
  data: DataStore;
  storage: Storage;
  credits: CreditsService;
  clock: Clock;
  log: Logger;
}) {
  const { data, storage, credits, clock, log } = deps;

  return {
    async complete({ job }: SubmittedEdit, result: ProcessImageResult): Promise<ProcessResponse> {
      await data.transaction(async (tx) => {
        await tx.images.markCompleted(job.imageId, {
          resultKey: result.resultKey,
          resultWidth: result.width,
          resultHeight: result.height,
          providerId: result.providerId,
        });
        await tx.usage.create({ userId: job.userId, imageId: job.imageId, editingMode: job.mode });
      });
      const user = await data.users.getById(job.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      return {
        processedPath: imageUrls.result(job.imageId, result.resultKey),
        downloadPath: imageUrls.download(job.imageId, result.resultKey),
        width: result.width,
        height: result.height,
        providerId: result.providerId,
        ...(result.note ? { note: result.note } : {}),
        ...(result.steps ? { steps: result.steps } : {}),
        credits: toCurrentUser(user, clock.now()).credits,
      };
    },

    /** Undoes a failed edit and answers the error the person sees. */
    async fail({ job, reservation }: SubmittedEdit, error: unknown, resultKey?: string): Promise<AppError> {
      if (resultKey) await storage.delete(resultKey).catch(() => undefined);
      const told = error instanceof AppError && error.code !== 'ENGINE_FAILED';
      const message = told
        ? error.message
        : 'We could not process this image. Your credit was returned; please try again.';
      await data.images
        .markFailed(job.imageId, message)
        .catch((e) => log.error({ err: e }, 'could not mark the image failed'));
      await credits
        .refund(data.credits, job.userId, reservation)
        .catch((e) => log.error({ err: e, userId: job.userId }, 'could not refund a credit'));
      return told ? error : new AppError('ENGINE_FAILED', message, { cause: String(error) });
    },

    /** Gives back a credit held for an edit that never started. */
    async returnCredit(userId: string, reservation: Reservation): Promise<void> {
      await credits
        .refund(data.credits, userId, reservation)
        .catch((e) => log.error({ err: e, userId }, 'could not refund a credit'));
    },

    /**
     * At start: rows left in processing by a stopped server are marked failed and their credit is returned.
     * Re-running them instead would surprise a person who has long since left the page.
     */
    async recoverInterrupted(): Promise<number> {
      const stuck = await data.images.listProcessing();
      for (const row of stuck) {
        await data.images.markFailed(row.id, INTERRUPTED);
        await credits.refund(data.credits, row.userId, { takenAt: row.updatedAt });
      }
      if (stuck.length) log.warn({ count: stuck.length }, 'failed the images a restart interrupted');
      return stuck.length;
    },
  };
}

export type EditSettlement = ReturnType<typeof createEditSettlement>;
