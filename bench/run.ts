/**
 * `npm run bench -- NAME [args]` runs bench/NAME.ts: api-latency, background-removal, editor-paint, face-enhancement, headshot, inpaint, lighthouse,
 * prompt-edit, upscale.
 * Each writes its own section of docs/BENCHMARKS.md.
 */
import { existsSync } from 'node:fs';

const [name, ...rest] = process.argv.slice(2);
const file = new URL(`./${name}.ts`, import.meta.url);
if (!name || !/^[\w-]+$/.test(name) || !existsSync(file)) {
  console.error(
    'Usage: npm run bench -- api-latency|background-removal|editor-paint|face-enhancement|headshot|inpaint|lighthouse|prompt-edit|upscale [args]',
  );
  process.exit(2);
}
process.argv = [process.argv[0], file.pathname, ...rest];
await import(file.href);
