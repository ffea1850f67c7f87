import type { JobData, JobName, JobResult } from './job-names';

export interface JobContext {
  /** Fraction done, 0..1, with an optional message for the person waiting. */
  progress(fraction: number, message?: string): void;
  signal: AbortSignal;
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
 * wait for it; progress goes to the listeners. In-process for now; a Redis-backed queue for separate workers
 * would implement the same.
 */
export interface Queue {
  run<N extends JobName>(name: N, data: JobData<N>, options: JobOptions): Promise<JobResult<N>>;
  process(handlers: JobHandlers): void;
  onProgress(listener: (event: ProgressEvent) => void): () => void;
  close(): Promise<void>;
}

export interface ProgressEvent {
  key: string;
  fraction: number;
  message?: string;
}
