import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startAuthEmulator, type RunningEmulator } from './auth/firebase-emulator';
import { createFirebaseTokenVerifier } from './auth/token-verifier';
import { createEngineRegistry, enginesConfigFrom } from './engines/registry';
import { warmUpInBackground } from './engines/warm-up/warm-up';
import { createTapSelector } from './models/sam';
import { createWorkerPool, type WorkerPool } from './inference/pool';
import { systemClock } from './lib/clock';
import { startDailyTask } from './lib/daily-task';
import { createLogger } from './lib/logger';
import { loadConfigOrExit, openConfiguredDatabase, openQueue, openStorage } from './runtime';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * With workers, the web server runs no editing model: its pool takes only the watermark finder (pixel work and
 * a 4.7 MB text detector, loaded on first use), which the editor's "Find watermark" waits for.
 */
function webOnlyPool(threads: number, keepAlive: boolean): WorkerPool {
  const pool = createWorkerPool({ threads, keepAlive });
  return {
    run: (task, payload, options) =>
      task === 'detect-watermark'
        ? pool.run(task, payload, options)
        : Promise.reject(
            new Error('models run in the worker processes (npm run worker), not in the web server'),
          ),
    close: () => pool.close(),
  };
}

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.env.LOG_LEVEL);
  const database = await openConfiguredDatabase(config);
  logger.info({ driver: database.driver }, 'database ready');

  let emulator: RunningEmulator | undefined;
  if (config.emulator) {
    emulator = await startAuthEmulator({ ...config.emulator, dataDir: config.dataDir, log: logger });
  }
  const verifier = createFirebaseTokenVerifier({
    projectId: config.firebase?.projectId ?? config.emulator!.projectId,
    emulatorHost: emulator?.host,
  });

  const runJobsHere = !config.redis;
  // Model inference threads: the warm-up loads every mode's models after start, or the first job of each does.
  const threads = config.env.INFERENCE_THREADS;
  // Warmed models stay loaded for the server's life; without the warm-up an idle thread gives them back.
  const keepAlive = config.env.WARM_UP_MODELS;
  const pool = runJobsHere ? createWorkerPool({ threads, keepAlive }) : webOnlyPool(threads, keepAlive);
  // Tap to select answers while a person waits, in every web server: a thread of its own, which keeps the
  // photos' embeddings and never queues behind an edit.
  const selectPool = createWorkerPool({ threads: 1, keepAlive });
  const selector = createTapSelector(selectPool);
  const engines = createEngineRegistry({ ...enginesConfigFrom(config), pool });
  const app = await buildApp({
    config,
    database,
    verifier,
    clock: systemClock,
    logger,
    authEmulatorUrl: emulator?.url ?? null,
    storage: openStorage(config),
    queue: openQueue(config, logger),
    runJobsHere,
    engines,
    selector,
    providerTimeoutMs: config.env.PROVIDER_TIMEOUT_SECONDS * 1000,
    clientDir: config.isProduction ? CLIENT_DIR : undefined,
  });
  // Alone, this server ran every job, so what it left in processing died with it. With workers, jobs go on.
  if (runJobsHere) await app.processing.recoverInterrupted();
  const cleanUp = startDailyTask('retention', () => app.retention.removeExpired(), logger);

  let warmUp: { stop(): void } | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    cleanUp.stop();
    warmUp?.stop();
    // Stops accepting, lets the requests under way finish, then closes the queue and the database.
    await app.close();
    await pool.close();
    await selectPool.close();
    await emulator?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.env.HOST, port: config.env.PORT });
  // With workers, the editing models run there: this server warms only what it runs itself.
  if (config.env.WARM_UP_MODELS) {
    warmUp = warmUpInBackground(engines, { log: logger, selector, findersOnly: !runJobsHere });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
