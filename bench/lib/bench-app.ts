/**
 * The real app on loopback for the benchmarks that drive it over HTTP, as `npm start` runs it: PGlite in memory,
 * local storage in a temporary folder, jobs in the server, the real engine registry on `pool`, tokens checked by
 * the tests' fixed-token verifier (the request path is otherwise the production one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config/env';
import { openDatabase } from '../../server/src/db/client';
import { createEngineRegistry } from '../../server/src/engines/registry';
import { createInProcessQueue } from '../../server/src/jobs/in-process.queue';
import { silentLogger } from '../../server/src/lib/logger';
import { createLocalStorage } from '../../server/src/storage/local.storage';
import type { WorkerPool } from '../../server/src/inference/pool';
import { fakeVerifier } from '../../server/test/support/fake-verifier';

export async function startBenchApp(options: { pool: WorkerPool; queueConcurrency: number }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  const database = await openDatabase({ memory: true });
  const engines = createEngineRegistry({ upscale: { modelDir: 'data/models' }, pool: options.pool });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    database,
    verifier: fakeVerifier,
    clock: { now: () => new Date() },
    logger: silentLogger,
    authEmulatorUrl: null,
    storage: createLocalStorage(dir),
    queue: createInProcessQueue({ concurrency: options.queueConcurrency }),
    engines,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    /** The app's engine registry, for a benchmark that warms it up as `npm start` does. */
    engines,
    async close() {
      await app.close();
      await options.pool.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
