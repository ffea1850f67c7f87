import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startAuthEmulator, type RunningEmulator } from './auth/firebase-emulator';
import { createFirebaseTokenVerifier } from './auth/token-verifier';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { createEngineRegistry, enginesConfigFrom } from './engines/registry';
import { createWorkerPool } from './workers/pool';
import { createInProcessQueue } from './jobs/in-process.queue';
import { systemClock } from './lib/clock';
import { startDailyTask } from './lib/daily-task';
import { createLogger } from './lib/logger';
import { createLocalStorage } from './storage/local.storage';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.env.LOG_LEVEL);
  const database = await openDatabase(
    config.env.DATABASE_URL
      ? { url: config.env.DATABASE_URL }
      : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  logger.info({ driver: database.driver }, 'database ready');

  let emulator: RunningEmulator | undefined;
  if (config.emulator) {
    emulator = await startAuthEmulator({ ...config.emulator, dataDir: config.dataDir, log: logger });
  }
  const verifier = createFirebaseTokenVerifier({
    projectId: config.firebase?.projectId ?? config.emulator!.projectId,
    emulatorHost: emulator?.host,
  });

  // Model inference threads; they start on the first job that needs one.
  const pool = createWorkerPool({ threads: config.env.INFERENCE_THREADS });
  const app = await buildApp({
    config,
    database,
    verifier,
    clock: systemClock,
    logger,
    authEmulatorUrl: emulator?.url ?? null,
    storage: createLocalStorage(path.join(config.dataDir, 'storage')),
    queue: createInProcessQueue({ concurrency: config.env.JOB_CONCURRENCY }),
    engines: createEngineRegistry({ ...enginesConfigFrom(config), pool }),
    providerTimeoutMs: config.env.PROVIDER_TIMEOUT_SECONDS * 1000,
    clientDir: config.isProduction ? CLIENT_DIR : undefined,
  });
  await app.processing.recoverInterrupted();
  const cleanUp = startDailyTask('retention', () => app.retention.removeExpired(), logger);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    cleanUp.stop();
    await app.close();
    await pool.close();
    await emulator?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.env.HOST, port: config.env.PORT });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
