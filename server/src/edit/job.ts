import { handleProcessImage, type ProcessImageDeps } from './run';
import type { ProcessImageJob, ProcessImageResult } from '../jobs/job-names';
import type { JobContext } from '../jobs/queue';
import { isAppError } from '../lib/errors';
import type { EditSettlement } from './settle';

/**
 * One edit's job as the queue runs it, in whichever process runs jobs (the server itself, or a worker): the
 * handler, then settlement right there, so an edit is recorded or refunded even when nobody waits for it any
 * more. A failure that may pass (the database or storage away for a moment) is left to the queue's next try;
 * the last try, or a failure meant for the person, is settled as failed.
 */
export function createEditJob(deps: { handler: ProcessImageDeps; settlement: EditSettlement }) {
  const { handler, settlement } = deps;
  return async (job: ProcessImageJob, ctx: JobContext): Promise<ProcessImageResult> => {
    let written: string | undefined;
    try {
      const result = await handleProcessImage(handler, job, ctx);
      written = result.resultKey;
      return await settlement.complete(job, result);
    } catch (error) {
      if (!ctx.lastAttempt && !isAppError(error)) {
        if (written) await handler.storage.delete(written).catch(() => undefined);
        throw error;
      }
      throw await settlement.fail(job, error, written);
    }
  };
}
