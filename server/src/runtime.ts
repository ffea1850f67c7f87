import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { createInProcessQueue } from './jobs/in-process.queue';
import type { Queue } from './jobs/queue';
import { createRedisQueue, type RedisQueueOptions } from './jobs/redis.queue';
import type { Logger } from './lib/logger';
import { createLocalStorage } from './storage/local.storage';
import { createS3Storage } from './storage/s3.storage';
import type { Storage } from './storage/storage';

/**
 * What the web server (main.ts) and the worker (worker.ts) open alike, as the configuration says: PostgreSQL or
 * PGlite, S3 or the data folder, a queue on Redis or in this process.
 */

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(
    config.env.DATABASE_URL
      ? { url: config.env.DATABASE_URL }
      : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
}

export function openStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'storage'));
}

/** With REDIS_URL, the shared queue (jobs then run in worker processes); otherwise jobs run in this process. */
export function openQueue(
  config: Config,
  log: Logger,
  worker: Pick<RedisQueueOptions, 'onAbandoned'> = {},
): Queue {
  if (!config.redis) return createInProcessQueue({ concurrency: config.env.JOB_CONCURRENCY });
  return createRedisQueue({
    redis: config.redis,
    log,
    concurrency: config.env.WORKER_CONCURRENCY,
    lockSeconds: config.env.JOB_LOCK_SECONDS,
    ...worker,
  });
}
