import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Job, Queue as BullQueue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ERROR_CODES, type ErrorCode } from '@common/errors';
import type { RedisConfig } from '../config/env';
import { AppError, isAppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { JobData, JobName, JobResult } from './job-names';
import {
  JobLeftRunningError,
  type JobHandlers,
  type JobOptions,
  type ProgressEvent,
  type Queue,
} from './queue';

const QUEUE_NAME = 'jobs';
/** A failed job is tried once more (a database or storage blip); a job whose worker died is retried once too. */
const ATTEMPTS = 2;
const RETRY_DELAY_MS = 2000;

/** BullMQ's reason for a job whose worker stopped renewing its lock more often than allowed. */
export const STALLED_REASON = 'job stalled more than allowable limit';

/**
 * Reconnects within two seconds of Redis coming back (BullMQ's own default waits up to 20 s once it has failed a
 * few times, which would keep the app answering 503 long after Redis returned).
 */
const reconnectSoon = (times: number) => Math.min(250 * times, 2000);

export interface RedisQueueOptions {
  redis: RedisConfig;
  log: Logger;
  /** Jobs this process runs at once, once `process` is called (a worker). */
  concurrency?: number;
  /** How long a running job stays this worker's without renewal; after it, another worker may take it. */
  lockSeconds?: number;
  /**
   * Called in a worker when a job ended without its handler's own failure path: its worker was killed twice
   * (or once, on the last attempt), so nobody else will settle it.
   */
  onAbandoned?: (name: JobName, data: unknown, failure: Error) => Promise<void>;
}

interface Waiting {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * The queue on Redis (BullMQ): web processes add jobs and wait for them, worker processes (`npm run worker`)
 * run them, lowest priority number first. Progress and outcomes reach every web process through BullMQ's
 * event stream, so an event stream shows progress whichever web process serves it.
 */
export function createRedisQueue(options: RedisQueueOptions): Queue {
  const { redis, log } = options;
  const base = { prefix: redis.prefix };
  // The web side fails fast while Redis is away (a 503), instead of holding requests until it returns.
  const producer = new BullQueue(QUEUE_NAME, {
    ...base,
    connection: {
      url: redis.url,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: reconnectSoon,
    },
  });
  const events = new QueueEvents(QUEUE_NAME, {
    ...base,
    connection: { url: redis.url, maxRetriesPerRequest: null, retryStrategy: reconnectSoon },
  });
  const pinger = new Redis(redis.url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: reconnectSoon,
  });
  const listeners = new EventEmitter().setMaxListeners(0);
  const waiting = new Map<string, Waiting>();
  let worker: Worker | undefined;

  // Without a listener an 'error' event would end the process; Redis coming and going is not fatal.
  const warn = (connection: string) => (error: Error) =>
    log.warn({ err: error, connection }, 'Redis connection error');
  producer.on('error', warn('queue'));
  events.on('error', warn('events'));
  pinger.on('error', warn('redis'));

  events.on('progress', ({ jobId, data }) => {
    const { fraction, message } = data as { fraction: number; message?: string };
    listeners.emit('progress', { key: keyOf(jobId), fraction, message } satisfies ProgressEvent);
  });
  events.on('completed', ({ jobId, returnvalue }) => {
    listeners.emit('progress', {
      key: keyOf(jobId),
      fraction: 1,
      outcome: 'completed',
    } satisfies ProgressEvent);
    const result = typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue;
    waiting.get(jobId)?.resolve(result);
    waiting.delete(jobId);
  });
  events.on('failed', ({ jobId, failedReason }) => {
    const failure = decodeFailure(failedReason);
    const event = { key: keyOf(jobId), fraction: 1, message: failure.message, outcome: 'failed' as const };
    listeners.emit('progress', event satisfies ProgressEvent);
    waiting.get(jobId)?.reject(failure);
    waiting.delete(jobId);
    if (worker && failedReason === STALLED_REASON && options.onAbandoned) void settleAbandoned(jobId);
  });

  async function settleAbandoned(jobId: string) {
    try {
      const job = await Job.fromId(producer, jobId);
      if (job) await options.onAbandoned!(job.name as JobName, job.data, decodeFailure(STALLED_REASON));
    } catch (error) {
      log.error({ err: error, jobId }, 'could not settle a job whose worker stopped');
    }
  }

  return {
    async run<N extends JobName>(name: N, data: JobData<N>, opts: JobOptions): Promise<JobResult<N>> {
      // Listening before the job is added, so its outcome cannot pass unseen.
      await events.waitUntilReady();
      // The id carries the progress key, so every web process can route events without asking Redis.
      const jobId = `${opts.progressKey}.${randomUUID()}`;
      const finished = new Promise<JobResult<N>>((resolve, reject) => {
        waiting.set(jobId, { resolve: resolve as (r: unknown) => void, reject });
      });
      try {
        await producer.add(name, data, {
          jobId,
          // BullMQ: 1 is the highest priority and 0 means none, so the plan's numbers are moved up by one.
          priority: opts.priority + 1,
          attempts: ATTEMPTS,
          backoff: { type: 'fixed', delay: RETRY_DELAY_MS },
          removeOnComplete: { age: 3600 },
          removeOnFail: { age: 24 * 3600 },
        });
      } catch (error) {
        waiting.delete(jobId);
        throw error;
      }
      return finished;
    },

    process(handlers: JobHandlers) {
      const controller = new AbortController();
      worker = new Worker(
        QUEUE_NAME,
        async (job: Job) => {
          const handler = handlers[job.name as JobName] as (
            data: unknown,
            ctx: Parameters<JobHandlers[JobName]>[1],
          ) => Promise<unknown>;
          try {
            return await handler(job.data, {
              signal: controller.signal,
              lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
              progress: (fraction, message) =>
                void job.updateProgress({ fraction, message }).catch(() => undefined),
            });
          } catch (error) {
            // A failure the person is told about is final; it crosses to the web process as code and message.
            if (isAppError(error)) throw new UnrecoverableError(encodeFailure(error));
            throw error;
          }
        },
        {
          ...base,
          connection: { url: redis.url, maxRetriesPerRequest: null, retryStrategy: reconnectSoon },
          concurrency: options.concurrency ?? 1,
          lockDuration: (options.lockSeconds ?? 30) * 1000,
          stalledInterval: (options.lockSeconds ?? 30) * 1000,
          maxStalledCount: 1,
        },
      );
      worker.on('error', (error) => log.warn({ err: error }, 'worker connection error'));
      worker.on('active', (job) => log.info({ jobId: job.id, name: job.name }, 'job started'));
      worker.on('completed', (job) => log.info({ jobId: job.id }, 'job completed'));
      worker.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'job failed'));
    },

    onProgress(listener) {
      listeners.on('progress', listener);
      return () => listeners.off('progress', listener);
    },

    async ping() {
      await pinger.ping();
    },

    async close() {
      // A worker finishes its running jobs and takes no new one; a web process gives the requests that wait
      // a while to be answered. Then the connections close.
      await worker?.close();
      const deadline = Date.now() + CLOSE_WAIT_MS;
      while (waiting.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      for (const [, wait] of waiting) wait.reject(new JobLeftRunningError());
      waiting.clear();
      await Promise.allSettled([events.close(), producer.close()]);
      pinger.disconnect();
    },
  };
}

const CLOSE_WAIT_MS = 20_000;

function keyOf(jobId: string): string {
  return jobId.slice(0, jobId.lastIndexOf('.'));
}

function encodeFailure(error: AppError): string {
  return JSON.stringify({ code: error.code, message: error.message });
}

/** The failure a web process reports: the job's own AppError, or a plain engine or stall failure. */
function decodeFailure(reason: string): Error {
  if (reason === STALLED_REASON) {
    return new AppError(
      'UNAVAILABLE',
      'Processing stopped because the worker running it stopped. Your credit was returned; please try again.',
    );
  }
  try {
    const { code, message } = JSON.parse(reason) as { code: ErrorCode; message: string };
    if (ERROR_CODES.includes(code) && typeof message === 'string') return new AppError(code, message);
  } catch {
    // Not one of ours: an engine's own error.
  }
  return new Error(reason);
}
