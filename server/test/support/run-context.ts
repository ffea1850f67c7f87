import type { RunContext } from '../../src/engines/types';
import { silentLogger } from '../../src/lib/logger';

/** A provider's run context for tests: never aborted, no log output, progress ignored. */
export const quietRunContext = (timeoutMs = 10_000): RunContext => ({
  signal: new AbortController().signal,
  timeoutMs,
  log: silentLogger,
  progress: () => {},
});
