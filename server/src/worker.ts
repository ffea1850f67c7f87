import { createCreditsService } from './services/credits.service';
import { createEditJob } from './edit/processing';
import { createEditSettlement } from './edit/settle';
import { createEngineRegistry, enginesConfigFrom } from './engines/registry';
import { warmUpInBackground } from './engines/warm-up/warm-up';
import type { ProcessImageJob } from './jobs/job-names';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { lowerPriority } from './lib/priority';
import { createDataStore } from './repositories/repositories';
import { loadConfigOrExit, openConfiguredDatabase, openQueue, openStorage } from './runtime';
import { createWorkerPool } from './inference/pool';

/**
 * `npm run worker`: takes jobs from the queue on Redis, runs the models and settles each edit in the shared
 * database. Run as many as the machines allow; each runs WORKER_CONCURRENCY jobs at once. SIGTERM lets the
 * running jobs finish and takes no new one.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.redis) {
    console.error(
      'npm run worker needs REDIS_URL (and DATABASE_URL): without them `npm start` runs jobs itself.',
    );
    process.exit(1);
  }
  // First, so that every thread started from here on (inference, onnxruntime) inherits it.
  lowerPriority(config.env.WORKER_NICE);
  const log = createLogger(config.env.LOG_LEVEL);
  const database = await openConfiguredDatabase(config);
  const storage = openStorage(config);
  const pool = createWorkerPool({
    threads: config.env.INFERENCE_THREADS,
    keepAlive: config.env.WARM_UP_MODELS,
  });
  const engines = createEngineRegistry({ ...enginesConfigFrom(config), pool });
  const data = createDataStore(database.db);
  const credits = createCreditsService({ clock: systemClock });
  const settlement = createEditSettlement({ data, storage, credits, clock: systemClock, log });
  const queue = openQueue(config, log, {
    // A job whose worker died twice is failed by BullMQ without a handler; a surviving worker refunds it.
    onAbandoned: async (_name, job, failure) => void (await settlement.fail(job as ProcessImageJob, failure)),
  });
  queue.process({
    'process-image': createEditJob({
      run: { storage, engines, log, providerTimeoutMs: config.env.PROVIDER_TIMEOUT_SECONDS * 1000 },
      settlement,
    }),
  });
  const warmUp = config.env.WARM_UP_MODELS ? warmUpInBackground(engines, { log }) : null;
  log.info(
    { concurrency: config.env.WORKER_CONCURRENCY, nice: config.env.WORKER_NICE, pid: process.pid },
    'worker ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker draining: finishing the running jobs, taking no new one');
    warmUp?.stop();
    await queue.close();
    settlement.close();
    await pool.close();
    await database.close();
    log.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
