import { AppError } from '../lib/errors';
import type { JobData, JobName, JobResult } from './job-names';

export interface JobContext {
  /** Fraction done, 0..1, with an optional message for the person waiting. */
  progress(fraction: number, message?: string): void;
  signal: AbortSignal;
  /** False while the queue would run the job again after a failure (a shared queue rides out short outages). */
  lastAttempt: boolean;
}

export type JobHandlers = { [N in JobName]: (data: JobData<N>, ctx: JobContext) => Promise<JobResult<N>> };

export interface JobOptions {
  /** Lower runs first; comes from the plan (paid plans go before free). */
  priority: number;
  /** Key for progress events, e.g. the image id. */
  progressKey: string;
}

/**
 * The processing queue. `run` resolves with the handler's result once the job has run, so an HTTP request can
 * wait for it; progress goes to the listeners. In this process (in-process.queue.ts), or on Redis with separate
 * worker processes (redis.queue.ts).
 */
export interface Queue {
  run<N extends JobName>(name: N, data: JobData<N>, options: JobOptions): Promise<JobResult<N>>;
  process(handlers: JobHandlers): void;
  onProgress(listener: (event: ProgressEvent) => void): () => void;
  /** Stops taking jobs; on Redis, a worker lets its running jobs finish first. */
  close(): Promise<void>;
  /** Resolves when the queue's own store answers (Redis), for the readiness check; absent when it has none. */
  ping?(): Promise<void>;
}

export interface ProgressEvent {
  key: string;
  fraction: number;
  message?: string;
  /**
   * Set on the last event of a job that ran in another process, so every web process can end its event
   * streams; the process that waits for the job reports its outcome itself.
   */
  outcome?: 'completed' | 'failed';
}

/** A web process stopped waiting for a job that goes on in a worker (it is shutting down); the worker settles it. */
export class JobLeftRunningError extends AppError {
  constructor() {
    super(
      'UNAVAILABLE',
      'The server is restarting. Your edit goes on; reload the page in a moment to see it.',
    );
  }
}
