/**
 * Every mode's outputs from two checkouts, side by side: `npm run bench -- image-contract --before=DIR
 * [--after=DIR] [--work=DIR]` runs the command line of each checkout (`server/src/cli.ts`, so both are read the
 * way a person runs them) on the same inputs, and compares each output byte for byte, then decoded, pixel by
 * pixel. It proves that a change of how results are made (not what they are) changed nothing: the inputs cover
 * each mode's options that choose an encoding (JPEG, PNG, WebP, grey, alpha), masks, a found watermark and Chat
 * to Edit's plans of one and several steps. The wall time of each command (model loading included) is shown
 * beside, as a hint only: the two checkouts run one after the other.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { markdownTable, writeBenchmarkSection } from './lib/report';
import { prepareInputs, type ContractCase, CONTRACT_CASES } from './image-contract/cases';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    work: { type: 'string', default: '/tmp/image-contract' },
    only: { type: 'string' },
  },
});
if (!values.before) {
  console.error('Usage: npm run bench -- image-contract --before=CHECKOUT [--after=CHECKOUT] [--work=DIR]');
  process.exit(2);
}

const work = path.resolve(values.work!);
const inputs = path.join(work, 'inputs');
await prepareInputs(inputs);
const cases = CONTRACT_CASES.filter((c) => !values.only || c.name.includes(values.only));

interface CaseRun {
  seconds: number;
  dir: string;
  /** Photos the command refused (a headshot needs one clear face), by its own count. */
  refused: number;
}

/** Runs one case with the command line of `checkout`, into work/SIDE/CASE. */
function runCase(checkout: string, side: string, c: ContractCase): CaseRun {
  const dir = path.join(work, side, c.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const args = c.args(inputs, dir);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...args], {
    cwd: checkout,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const seconds = (performance.now() - started) / 1000;
  const refused = Number(`${run.stdout}${run.stderr}`.match(/(\d+) of \d+ images? failed/)?.[1] ?? 0);
  if (run.status !== 0 && !refused && !c.mayFindNothing)
    throw new Error(`${side} ${c.name} failed (${run.status}):\n${run.stderr}`);
  return { seconds, dir, refused };
}

interface FileComparison {
  sameBytes: boolean;
  samePixels: boolean;
  /** Largest difference of one channel of one pixel, 0-255; Infinity when sizes or channels differ. */
  maxLevel: number;
}

async function compareFiles(a: string, b: string): Promise<FileComparison> {
  const bytesA = readFileSync(a);
  const bytesB = readFileSync(b);
  if (bytesA.equals(bytesB)) return { sameBytes: true, samePixels: true, maxLevel: 0 };
  const [rawA, rawB] = await Promise.all(
    [bytesA, bytesB].map((bytes) => sharp(bytes).raw().toBuffer({ resolveWithObject: true })),
  );
  const shape = (r: typeof rawA) => `${r.info.width}x${r.info.height}x${r.info.channels}`;
  if (shape(rawA) !== shape(rawB)) return { sameBytes: false, samePixels: false, maxLevel: Infinity };
  let maxLevel = 0;
  for (let i = 0; i < rawA.data.length; i++)
    maxLevel = Math.max(maxLevel, Math.abs(rawA.data[i] - rawB.data[i]));
  return { sameBytes: false, samePixels: maxLevel === 0, maxLevel };
}

const rows: (string | number)[][] = [];
let allWithinOne = true;
let allSameBytes = true;
for (const c of cases) {
  const before = runCase(path.resolve(values.before), 'before', c);
  const after = runCase(path.resolve(values.after!), 'after', c);
  const names = [...new Set([...listFiles(before.dir), ...listFiles(after.dir)])].sort();
  let sameBytes = 0;
  let samePixels = 0;
  let maxLevel = 0;
  const missing: string[] = [];
  for (const name of names) {
    const a = path.join(before.dir, name);
    const b = path.join(after.dir, name);
    if (!existsSync(a) || !existsSync(b)) {
      missing.push(name);
      continue;
    }
    const result = await compareFiles(a, b);
    sameBytes += Number(result.sameBytes);
    samePixels += Number(result.samePixels);
    maxLevel = Math.max(maxLevel, result.maxLevel);
  }
  if (missing.length || maxLevel > 1 || before.refused !== after.refused) allWithinOne = false;
  if (missing.length || sameBytes < names.length) allSameBytes = false;
  const formats = [...new Set(names.map((name) => path.extname(name).slice(1)))].join(', ');
  rows.push([
    c.name,
    c.what,
    names.length,
    formats,
    `${sameBytes} of ${names.length}`,
    `${samePixels} of ${names.length}`,
    Number.isFinite(maxLevel) ? maxLevel : 'size differs',
    missing.length ? missing.join(', ') : '-',
    `${before.refused} → ${after.refused}`,
    `${before.seconds.toFixed(1)} → ${after.seconds.toFixed(1)}`,
  ]);
  console.log(rows.at(-1)!.join(' | '));
}

const commit = (dir: string) =>
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim();
writeBenchmarkSection(
  'image-contract',
  `## Image contract: every mode's outputs before and after

\`npm run bench -- image-contract --before=CHECKOUT\`: the command line of two checkouts (before
${commit(path.resolve(values.before))}, after ${commit(path.resolve(values.after!))}) on the same inputs
(\`bench/image-contract/cases.ts\`: the project's photos as JPEG, PNG, WebP, grey and with alpha, a painted mask,
a drawn watermark), each output compared byte for byte and then decoded, channel by channel. "Max level" is the
largest difference of one channel of one pixel (0-255). Times are each command's wall time, model loading
included, one run each: a hint, not a benchmark. "Refused" counts the photos a mode turned down with a message
(a headshot needs a face it can frame), before → after.

${markdownTable(
  [
    'case',
    'what',
    'outputs',
    'formats',
    'same bytes',
    'same pixels',
    'max level',
    'missing on one side',
    'refused',
    'time s (before → after)',
  ],
  rows,
)}

${verdict(allSameBytes, allWithinOne)}
`,
);

function verdict(sameBytes: boolean, withinOne: boolean): string {
  if (sameBytes) return 'Every output is the same, byte for byte.';
  if (withinOne) return 'Every output is the same to within one level.';
  return '**Some outputs differ by more than one level, or are missing on one side.**';
}

function listFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}
