/**
 * The server's own modules that start as a thread or a process of their own (the inference threads, the helper
 * threads, a child process), named by their source's URL: `new URL('./NAME.ts', import.meta.url)`.
 *
 * From the sources (tsx, vitest) such a module needs tsx registered in the new thread or process first. The
 * compiled server (scripts/build-server.ts, dist/server) has each one built as NAME.js beside main.js, started
 * with plain node; the build sets COMPILED and finds these modules by that very `new URL(...)` pattern.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const CLEANUP_COMPILED_SERVER: boolean | undefined;

/** True in dist/server, false when the sources run. */
export const COMPILED = typeof CLEANUP_COMPILED_SERVER !== 'undefined' && CLEANUP_COMPILED_SERVER === true;

// The build points import.meta.url at this source file in both cases.
const BUILT = fileURLToPath(new URL('../../../dist/server/', import.meta.url));

/** The compiled file of the module at `source` (a .ts file's URL). */
export function builtEntry(source: URL): string {
  return path.join(BUILT, `${path.basename(fileURLToPath(source), '.ts')}.js`);
}
