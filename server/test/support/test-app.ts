import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenVerifier } from '../../src/auth/token-verifier';
import type { EngineRegistry } from '../../src/engines/mode-runner';
import type { TapSelector } from '../../src/models/sam';
import { createInProcessQueue } from '../../src/jobs/in-process.queue';
import type { Queue } from '../../src/jobs/queue';
import { createLocalStorage } from '../../src/storage/local.storage';
import type { Storage } from '../../src/storage/storage';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import type { Clock } from '../../src/lib/clock';
import { silentLogger } from '../../src/lib/logger';

export async function buildTestApp(deps: {
  database: Database;
  verifier: TokenVerifier;
  clock?: Clock;
  env?: Record<string, string>;
  storage?: Storage;
  queue?: Queue;
  engines?: EngineRegistry;
  selector?: TapSelector;
}) {
  return buildApp({
    storage: deps.storage ?? createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'storage-'))),
    queue: deps.queue ?? createInProcessQueue({ concurrency: 1 }),
    engines: deps.engines ?? {},
    selector: deps.selector,
    config: loadConfig({ NODE_ENV: 'test', ...deps.env }),
    database: deps.database,
    verifier: deps.verifier,
    clock: deps.clock ?? { now: () => new Date() },
    logger: silentLogger,
    authEmulatorUrl: null,
  });
}
