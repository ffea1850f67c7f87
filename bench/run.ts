/**
 * `npm run bench -- NAME [args]` runs bench/NAME.ts (every .ts file beside this one is a benchmark).
 * Each writes its own section of docs/BENCHMARKS.md.
 */
import { existsSync, readdirSync } from 'node:fs';

const [name, ...rest] = process.argv.slice(2);
const file = new URL(`./${name}.ts`, import.meta.url);
if (!name || name === 'run' || !/^[\w-]+$/.test(name) || !existsSync(file)) {
  // Listed from the folder, so a new benchmark needs no edit here.
  const names = readdirSync(new URL('.', import.meta.url))
    .filter((entry) => entry.endsWith('.ts') && entry !== 'run.ts')
    .map((entry) => entry.slice(0, -'.ts'.length));
  console.error(`Usage: npm run bench -- ${names.join('|')} [args]`);
  process.exit(2);
}
process.argv = [process.argv[0], file.pathname, ...rest];
await import(file.href);
