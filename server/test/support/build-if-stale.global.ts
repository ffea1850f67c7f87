import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/** What each project's tests start as processes: the scale-out tests the server, the browser tests both parts. */
const PARTS: Record<string, string[]> = { medium: ['server'], e2e: ['client', 'server'] };

/**
 * Once per run of a project that starts the built app: the builds it runs (the client, the compiled server) are
 * made again when their sources changed (scripts/build-if-stale.ts), so no test runs against a stale build.
 */
export default function buildIfStale(project: TestProject): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts', ...PARTS[project.name]], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: 'inherit',
  });
}
