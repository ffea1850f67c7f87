import { EventEmitter } from 'node:events';
import { PLAN_LIMITS } from '@common/plans';
import type { ProcessResponse, ProgressEventBody, PromptPlanResponse } from '@common/schemas/process';
import type { UserRow } from '../db/schema';
import type { EngineRegistry } from '../engines/mode-runner';
import type { ProcessImageJob, ProcessImageResult } from '../jobs/job-names';
import { JobLeftRunningError, type JobContext, type Queue } from '../jobs/queue';
import { AppError, isAppError } from '../lib/errors';
import type { Reservation } from '../services/credits.service';
import { handleProcessImage, type ProcessImageDeps } from './run';
import type { EditSettlement } from './settle';
import type { EditSubmission, ProcessBody } from './submit';

export type { ProcessBody };
export type ProcessingService = ReturnType<typeof createProcessingService>;

/**
 * One edit from request to result, in order:
 * 1. submit (`submit.ts`): every check that needs no pixels, the mask stored, the credit taken;
 * 2. enqueue: the queue runs the job in this process, or in a worker process (`worker.ts`) when it is on Redis;
 * 3. run (`run.ts`, in `createEditJob` below): the photo decoded, the mode's runner or the Restore brush, the
 *    result stored;
 * 4. settle (`settle.ts`, there too): the result recorded, or the row failed and the credit returned, once.
 * Then the answer, with the person's credits. Progress goes to the image's event stream at every stage.
 */
export function createProcessingService(deps: {
  submission: EditSubmission;
  settlement: EditSettlement;
  queue: Queue;
  engines: EngineRegistry;
}) {
  const { submission, settlement, queue, engines } = deps;
  const events = new EventEmitter().setMaxListeners(0);
  const emit = (imageId: string, event: ProgressEventBody) => events.emit(imageId, event);
  queue.onProgress((e) =>
    emit(
      e.key,
      e.outcome === 'completed'
        ? { status: 'completed', percent: 100, message: 'Done' }
        : {
            status: e.outcome ?? 'processing',
            percent: Math.round(e.fraction * 100),
            message: e.message ?? 'Processing your image...',
          },
    ),
  );

  /** 1. Submits the edit; a credit a batch holds for the photo goes back when the submission is refused. */
  async function submit(
    user: UserRow,
    imageId: string,
    body: ProcessBody,
    prepaid?: Reservation,
  ): Promise<ProcessImageJob> {
    try {
      return (await submission.submit(user, imageId, body, prepaid)).job;
    } catch (error) {
      if (prepaid) await settlement.returnCredit(user.id, prepaid);
      throw error;
    }
  }

  /** The answer once the edit stands, with the person's credits after it. */
  async function succeeded(job: ProcessImageJob, result: ProcessImageResult): Promise<ProcessResponse> {
    emit(job.imageId, { status: 'completed', percent: 100, message: 'Done' });
    return settlement.respond(job, result);
  }

  /** The error the person is told, on the event stream too; `failure` comes from the settlement. */
  function failed(job: ProcessImageJob, failure: AppError): AppError {
    emit(job.imageId, { status: 'failed', percent: 100, message: failure.message });
    return failure;
  }

  /**
   * Submits the edit and puts its job on the queue, which runs and settles it where it runs (steps 3 and 4);
   * answers once it is submitted, with the outcome still to come in `done`, so a caller can answer at once and
   * let the run finish. A job that never ran to its end (the queue refused it, or its worker died) is settled
   * here; settling twice is a no-op. `prepaid`: a credit a batch already holds for this photo. It is spent when
   * the photo succeeds and given back when it fails, here or in the settlement, exactly once.
   */
  async function start(
    user: UserRow,
    imageId: string,
    body: ProcessBody,
    prepaid?: Reservation,
  ): Promise<{ done: Promise<ProcessResponse> }> {
    const job = await submit(user, imageId, body, prepaid);
    emit(job.imageId, { status: 'queued', percent: 0, message: 'Waiting for a free slot...' });
    const done = queue
      .run('process-image', job, {
        priority: PLAN_LIMITS[user.subscriptionTier].queuePriority,
        progressKey: job.imageId,
      })
      .then(
        (result) => succeeded(job, result),
        async (error: unknown) => {
          if (error instanceof JobLeftRunningError) throw error;
          throw failed(job, await settlement.fail(job, error));
        },
      );
    return { done };
  }

  return {
    start,

    /**
     * An edit whose result the caller makes instead of the queue (a batch's shared watermark, estimated from all
     * of its photos at once): submitted like any other (every check, the credit, the row in processing), then
     * `finish` stores what `produce` made and settles it as a job would be, or fails it and gives the credit back.
     */
    async submitOwn(user: UserRow, imageId: string, body: ProcessBody, prepaid?: Reservation) {
      const job = await submit(user, imageId, body, prepaid);
      emit(job.imageId, { status: 'processing', percent: 0, message: 'Waiting for the whole batch...' });
      return {
        job,
        async finish(produce: () => Promise<ProcessImageResult>): Promise<ProcessResponse> {
          let result: ProcessImageResult;
          try {
            result = await settlement.settle(job, produce, { lastAttempt: true });
          } catch (failure) {
            throw isAppError(failure) ? failed(job, failure) : failure;
          }
          return succeeded(job, result);
        },
      };
    },

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

    async process(
      user: UserRow,
      imageId: string,
      body: ProcessBody,
      prepaid?: Reservation,
    ): Promise<ProcessResponse> {
      return (await start(user, imageId, body, prepaid)).done;
    },

    recoverInterrupted: () => settlement.recoverInterrupted(),
  };
}

/**
 * Steps 3 and 4 as the queue runs them, in whichever process runs jobs (the server itself, or a worker): the
 * run, then its settlement right there, so an edit is recorded or refunded even when nobody waits for it any
 * more. A failure that may pass is left to the queue's next try (see `settle`).
 */
export function createEditJob(deps: { run: ProcessImageDeps; settlement: EditSettlement }) {
  return (job: ProcessImageJob, ctx: JobContext): Promise<ProcessImageResult> =>
    deps.settlement.settle(job, () => handleProcessImage(deps.run, job, ctx), {
      lastAttempt: ctx.lastAttempt,
    });
}
