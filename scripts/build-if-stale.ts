/**
 * `npm start`'s and the browser tests' build step: `npm run build` only when what the client is built from
 * changed since the last build. What counts: the client and common sources, the build's own configuration and
 * scripts, the installed packages (the lock file) and SITE_URL, which the prerendered pages carry. Their digest
 * is kept beside the build, in dist/.client-digest.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'client',
  'common',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/prerender.ts',
  'scripts/build-if-stale.ts',
];
const BUILT = path.join(ROOT, 'dist/client');
// Beside the build, not in it: nothing in dist/client should be served that the site did not mean to.
const DIGEST = path.join(ROOT, 'dist/.client-digest');

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

function sourceDigest(): string {
  const hash = createHash('sha256');
  hash.update(`SITE_URL=${process.env.SITE_URL ?? ''}\n`);
  for (const file of INPUTS.flatMap(files)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

const digest = sourceDigest();
const built = existsSync(DIGEST) && existsSync(path.join(BUILT, 'index.html'));
if (built && readFileSync(DIGEST, 'utf8') === digest) {
  console.log('The client is built from these sources already: not building again.');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(DIGEST, digest);
}
