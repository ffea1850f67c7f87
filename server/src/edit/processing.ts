import { EventEmitter } from 'node:events';
import { PLAN_LIMITS } from '@common/plans';
import type { ProcessResponse, ProgressEventBody, PromptPlanResponse } from '@common/schemas/process';
import type { UserRow } from '../db/schema';
import type { EngineRegistry } from '../engines/mode-runner';
import { JobLeftRunningError, type Queue } from '../jobs/queue';
import { AppError } from '../lib/errors';
import type { EditSettlement } from './settle';
import type { Reservation } from '../services/credits.service';
import type { EditSubmission, ProcessBody, SubmittedEdit } from './submit';
import type { ProcessImageResult } from '../jobs/job-names';

export type { ProcessBody };
export type ProcessingService = ReturnType<typeof createProcessingService>;

/**
 * One edit from request to result: submitted (checked, credit taken), run on the queue, then settled
 * (recorded, or undone and refunded). Progress goes to the image's event stream at every stage.
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

  /** Submits the edit; a credit a batch holds for the photo goes back when the submission is refused. */
  async function submitHolding(
    user: UserRow,
    imageId: string,
    body: ProcessBody,
    prepaid?: Reservation,
  ): Promise<SubmittedEdit> {
    try {
      return await submission.submit(user, imageId, body, prepaid);
    } catch (error) {
      if (prepaid) await settlement.returnCredit(user.id, prepaid);
      throw error;
    }
  }

  /**
   * Submits the edit (every check, the credit taken) and runs its job, which settles it where it runs;
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
    const edit = await submitHolding(user, imageId, body, prepaid);
    const id = edit.job.imageId;
    emit(id, { status: 'queued', percent: 0, message: 'Waiting for a free slot...' });
    const run = async () => {
      let result;
      try {
        result = await queue.run('process-image', edit.job, {
          priority: PLAN_LIMITS[user.subscriptionTier].queuePriority,
          progressKey: id,
        });
      } catch (error) {
        if (error instanceof JobLeftRunningError) throw error;
        const failure = await settlement.fail(edit.job, error);
        emit(id, { status: 'failed', percent: 100, message: failure.message });
        throw failure;
      }
      emit(id, { status: 'completed', percent: 100, message: 'Done' });
      return settlement.respond(edit.job, result);
    };
    return { done: run() };
  }

  return {
    start,

    /**
     * An edit whose result the caller makes instead of the queue (a batch's shared watermark, estimated from all
     * of its photos at once): submitted like any other (every check, the credit, the row in processing), then
     * `finish` stores what `produce` made and settles it as a job would be, or fails it and gives the credit back.
     */
    async submitOwn(user: UserRow, imageId: string, body: ProcessBody, prepaid?: Reservation) {
      const { job } = await submitHolding(user, imageId, body, prepaid);
      emit(job.imageId, { status: 'processing', percent: 0, message: 'Waiting for the whole batch...' });
      return {
        job,
        async finish(produce: () => Promise<ProcessImageResult>): Promise<ProcessResponse> {
          let written: string | undefined;
          try {
            const result = await produce();
            written = result.resultKey;
            const stands = await settlement.complete(job, result);
            emit(job.imageId, { status: 'completed', percent: 100, message: 'Done' });
            return await settlement.respond(job, stands);
          } catch (error) {
            const failure = await settlement.fail(job, error, written);
            emit(job.imageId, { status: 'failed', percent: 100, message: failure.message });
            throw failure;
          }
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
