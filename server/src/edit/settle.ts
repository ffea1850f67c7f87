import type { ProcessResponse } from '@common/schemas/process';
import type { ProcessImageJob, ProcessImageResult } from '../jobs/job-names';
import type { Clock } from '../lib/clock';
import { isDependencyDown } from '../lib/dependency-down';
import { AppError, isAppError } from '../lib/errors';
import { retryUntilDone } from '../lib/retry-until-done';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import { imageUrls } from '../storage/image-keys';
import type { Storage } from '../storage/storage';
import type { CreditsService, Reservation } from '../services/credits.service';
import { toCurrentUser } from '../services/user-view';

const UNAVAILABLE =
  'Processing could not start because a service is briefly unavailable. Your credit was returned; please try again in a few seconds.';
const INTERRUPTED =
  'Processing was interrupted because the server restarted. Your credit was returned; please try again.';

/**
 * The second half of an edit: a result is recorded with its usage in one transaction and the credit stays
 * spent; a failure marks the row failed and gives the credit back in one transaction, and removes the file the
 * attempt wrote. Each applies only while the row is still in the processing the job started (`startedAt`), so
 * an edit is settled once, whichever process gets there first and however often its job ran.
 */
export function createEditSettlement(deps: {
  data: DataStore;
  storage: Storage;
  credits: CreditsService;
  clock: Clock;
  log: Logger;
}) {
  const { data, storage, credits, clock, log } = deps;
  const stopped = new AbortController();

  const settlement = {
    /**
     * Records a result, and answers the result that stands: this one, or the one an earlier run of the same
     * job recorded (this run's file is then removed).
     */
    async complete(job: ProcessImageJob, result: ProcessImageResult): Promise<ProcessImageResult> {
      const recorded = await data.transaction(async (tx) => {
        const marked = await tx.images.markCompleted(job.imageId, new Date(job.startedAt), {
          resultKey: result.resultKey,
          resultWidth: result.width,
          resultHeight: result.height,
          providerId: result.providerId,
        });
        if (marked)
          await tx.usage.create({ userId: job.userId, imageId: job.imageId, editingMode: job.mode });
        return marked;
      });
      if (recorded) return result;
      await storage.delete(result.resultKey).catch(() => undefined);
      const row = await data.images.getOwned(job.imageId, job.userId);
      if (row?.status !== 'completed' || !row.resultKey || new Date(job.startedAt) > row.updatedAt)
        throw new AppError('CONFLICT', 'This edit was replaced by a newer one.');
      return {
        resultKey: row.resultKey,
        mime: result.mime,
        width: row.resultWidth ?? result.width,
        height: row.resultHeight ?? result.height,
        providerId: row.providerId ?? result.providerId,
      };
    },

    /**
     * One attempt at the edit's result (`attempt` stores it and answers its key), settled where it ran, so an
     * edit is recorded or refunded even when nobody waits for it any more. A failure that may pass (the
     * database or storage away for a moment) is not settled while another attempt will come: the file it wrote
     * is removed and the failure thrown for the queue to try again. The last attempt, or a failure meant for
     * the person, is settled as failed, and that settlement's error thrown.
     */
    async settle(
      job: ProcessImageJob,
      attempt: () => Promise<ProcessImageResult>,
      { lastAttempt }: { lastAttempt: boolean },
    ): Promise<ProcessImageResult> {
      let written: string | undefined;
      try {
        const result = await attempt();
        written = result.resultKey;
        return await settlement.complete(job, result);
      } catch (error) {
        if (!lastAttempt && !isAppError(error)) {
          if (written) await storage.delete(written).catch(() => undefined);
          throw error;
        }
        throw await settlement.fail(job, error, written);
      }
    },

    /** The answer to the person who asked, with their credits after the edit. */
    async respond(job: ProcessImageJob, result: ProcessImageResult): Promise<ProcessResponse> {
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

    /**
     * Undoes a failed edit (a no-op when it was settled already) and answers the error the person sees.
     * Throws when the database cannot be reached, so a queue can try again later.
     */
    async fail(job: ProcessImageJob, cause: unknown, resultKey?: string): Promise<AppError> {
      if (resultKey) await storage.delete(resultKey).catch(() => undefined);
      const error = isDependencyDown(cause) ? new AppError('UNAVAILABLE', UNAVAILABLE) : cause;
      const told = error instanceof AppError && error.code !== 'ENGINE_FAILED';
      const message = told
        ? error.message
        : 'We could not process this image. Your credit was returned; please try again.';
      const undo = () =>
        data.transaction(async (tx) => {
          if (await tx.images.markFailed(job.imageId, message, new Date(job.startedAt)))
            await credits.refund(tx.credits, job.userId, { takenAt: new Date(job.creditTakenAt) });
        });
      try {
        await undo();
      } catch (writeError) {
        if (!isDependencyDown(writeError)) throw writeError;
        // The database is away too: the credit goes back as soon as it returns, without waiting for a restart.
        retryUntilDone(undo, { log, what: job.imageId, stop: stopped });
        return new AppError('UNAVAILABLE', UNAVAILABLE);
      }
      return told ? error : new AppError('ENGINE_FAILED', message, { cause: String(error) });
    },

    /** Stops the retries still waiting (on shutdown); rows they leave are failed by the next start's recovery. */
    close(): void {
      stopped.abort();
    },

    /** Gives back a credit held for an edit that never started. */
    async returnCredit(userId: string, reservation: Reservation): Promise<void> {
      await credits
        .refund(data.credits, userId, reservation)
        .catch((e) => log.error({ err: e, userId }, 'could not refund a credit'));
    },

    /**
     * At start of a server that runs its own jobs: rows left in processing by a stopped server are marked
     * failed and their credit is returned. Re-running them instead would surprise a person who has long since
     * left the page.
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
  return settlement;
}

export type EditSettlement = ReturnType<typeof createEditSettlement>;
