/**
 * The build step of `npm start` (the client and the server), `npm run worker` (`server`) and the browser tests
 * (`client`): each part is built again only when what it is built from changed since its last build.
 *
 * - The client (`npm run build:client`, dist/client): the client and common sources, the build's own
 *   configuration and scripts, the installed packages (the lock file) and SITE_URL, which the prerendered pages
 *   carry.
 * - The server (`npm run build:server`, dist/server): the server and common sources, the build's configuration
 *   and script, and the lock file.
 *
 * Each part's digest is kept beside its build, in dist/.client-digest and dist/.server-digest.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Part {
  script: string;
  inputs: string[];
  /** A file the finished build holds. */
  built: string;
  /** Beside the build, not in it: nothing in dist/client should be served that the site did not mean to. */
  digest: string;
  env: string[];
}

const PARTS: Record<string, Part> = {
  client: {
    script: 'build:client',
    inputs: [
      'client',
      'common',
      'vite.config.ts',
      'tsconfig.json',
      'package-lock.json',
      'scripts/prerender.ts',
      'scripts/build-if-stale.ts',
    ],
    built: 'dist/client/index.html',
    digest: 'dist/.client-digest',
    env: ['SITE_URL'],
  },
  server: {
    script: 'build:server',
    inputs: [
      'server/src',
      'common',
      'tsconfig.json',
      'package-lock.json',
      'scripts/build-server.ts',
      'scripts/build-if-stale.ts',
    ],
    built: 'dist/server/main.js',
    digest: 'dist/.server-digest',
    env: [],
  },
};

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

function sourceDigest(part: Part): string {
  const hash = createHash('sha256');
  for (const name of part.env) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const file of part.inputs.flatMap(files)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

const asked = process.argv.slice(2);
for (const name of asked.length ? asked : Object.keys(PARTS)) {
  const part = PARTS[name];
  if (!part) {
    console.error(`build-if-stale: no part ${name} (${Object.keys(PARTS).join(', ')})`);
    process.exit(2);
  }
  const digest = sourceDigest(part);
  const digestFile = path.join(ROOT, part.digest);
  const built = existsSync(digestFile) && existsSync(path.join(ROOT, part.built));
  if (built && readFileSync(digestFile, 'utf8') === digest) {
    console.log(`The ${name} is built from these sources already: not building again.`);
    continue;
  }
  const build = spawnSync('npm', ['run', part.script], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(digestFile, digest);
}
