import { EventEmitter } from 'node:events';
import type { JobData, JobName, JobResult } from './job-names';
import type { JobHandlers, JobOptions, ProgressEvent, Queue } from './queue';

interface Waiting {
  name: JobName;
  data: unknown;
  options: JobOptions;
  order: number;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** Jobs run in this process, at most `concurrency` at once, lowest priority number first, then first come. */
export function createInProcessQueue({ concurrency }: { concurrency: number }): Queue {
  const waiting: Waiting[] = [];
  const events = new EventEmitter();
  const controller = new AbortController();
  let handlers: JobHandlers | undefined;
  let running = 0;
  let order = 0;
  let closed = false;

  function next() {
    if (!handlers || closed) return;
    while (running < concurrency && waiting.length) {
      waiting.sort((a, b) => a.options.priority - b.options.priority || a.order - b.order);
      const job = waiting.shift()!;
      running++;
      const handler = handlers[job.name] as (
        data: unknown,
        ctx: Parameters<JobHandlers[JobName]>[1],
      ) => Promise<unknown>;
      const ctx = {
        signal: controller.signal,
        lastAttempt: true,
        progress: (fraction: number, message?: string) =>
          events.emit('progress', {
            key: job.options.progressKey,
            fraction,
            message,
          } satisfies ProgressEvent),
      };
      Promise.resolve()
        .then(() => handler(job.data, ctx))
        .then(job.resolve, job.reject)
        .finally(() => {
          running--;
          next();
        });
    }
  }

  return {
    run<N extends JobName>(name: N, data: JobData<N>, options: JobOptions) {
      if (closed) return Promise.reject(new Error('the queue is closed'));
      return new Promise<JobResult<N>>((resolve, reject) => {
        waiting.push({
          name,
          data,
          options,
          order: order++,
          resolve: resolve as (r: unknown) => void,
          reject,
        });
        next();
      });
    },
    process(table) {
      handlers = table;
      next();
    },
    onProgress(listener) {
      events.on('progress', listener);
      return () => events.off('progress', listener);
    },
    async close() {
      closed = true;
      controller.abort(new Error('the server is shutting down'));
      for (const job of waiting.splice(0)) job.reject(new Error('the server is shutting down'));
    },
  };
}
