/**
 * `npm run build:server`: the server compiled to JavaScript in dist/server, which `npm start`, `npm run worker`
 * and the image run with plain `node` (development and the tests keep running the sources under tsx).
 *
 * esbuild bundles the server's and common/'s sources into ES modules, one folder of files with no subfolders:
 * an entry for the web server (main.js), the worker (worker.js), and every module the server starts by its file,
 * named in the sources as `new URL('./NAME.ts', import.meta.url)` (the inference threads, the helper threads, a
 * child process): each is built as NAME.js beside them (lib/entry-file.ts maps one to the other). Code shared by
 * entries, and what the sources import lazily, goes to chunks, so a lazy import stays lazy. Packages stay
 * external: they load from node_modules as before, native addons, WASM and model files included.
 *
 * Data files (migrations, ONNX graphs, JSON tables, a .proto) stay where they are: in each module of the
 * server, `import.meta.url` is rewritten to the URL of its source file (relative to the built file, so the
 * folder can move with the checkout), and so every path the sources resolve from it resolves as before.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'server/src');
const OUT = path.join(ROOT, 'dist/server');
/** Set to true in the build: see lib/entry-file.ts. */
const COMPILED_FLAG = 'CLEANUP_COMPILED_SERVER';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every .ts module that a server source names by URL, outside comments: each starts as a thread or process. */
function startedByFile(): string[] {
  const named = /new URL\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g;
  const found = new Set<string>();
  for (const file of sources(SERVER)) {
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .join('\n');
    for (const match of code.matchAll(named)) {
      found.add(path.resolve(path.dirname(file), match[1]));
    }
  }
  return [...found].sort();
}

function entryPoints(): Record<string, string> {
  const entries: Record<string, string> = {
    main: path.join(SERVER, 'main.ts'),
    worker: path.join(SERVER, 'worker.ts'),
  };
  for (const file of startedByFile()) {
    const name = path.basename(file, '.ts');
    if (entries[name] && entries[name] !== file) {
      throw new Error(`two entries would be built as ${name}.js: ${entries[name]} and ${file}`);
    }
    entries[name] = file;
  }
  return entries;
}

/** `import.meta.url` in each server or common module becomes the URL of its source file. */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(on) {
    on.onLoad({ filter: /\.ts$/ }, (args) => {
      const relative = path.relative(ROOT, args.path);
      if (relative.startsWith('..') || relative.startsWith('node_modules')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(text)) {
        throw new Error(`${relative}: use import.meta.url, which the build points at the source file`);
      }
      const source = JSON.stringify(path.relative(OUT, args.path).split(path.sep).join('/'));
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${source}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
const entries = entryPoints();
await build({
  entryPoints: entries,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Every output in one folder: the rewritten URLs above are relative to it.
  chunkNames: '[name]-[hash]',
  tsconfig: path.join(ROOT, 'tsconfig.json'),
  define: { [COMPILED_FLAG]: 'true' },
  // Names and line breaks kept, so a stack trace reads as the source; `node --enable-source-maps` maps it back.
  sourcemap: 'linked',
  sourcesContent: false,
  plugins: [sourceUrls],
  logLevel: 'warning',
});
console.log(
  `Built the server into ${path.relative(ROOT, OUT)}/ (${Object.keys(entries).join(', ')}) in ${Math.round(performance.now() - started)} ms.`,
);
