import type { TokenVerifier } from '../../src/auth/token-verifier';
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
}) {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', ...deps.env }),
    database: deps.database,
    verifier: deps.verifier,
    clock: deps.clock ?? { now: () => new Date() },
    logger: silentLogger,
    authEmulatorUrl: null,
  });
}
