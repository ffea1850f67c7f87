/**
 * The command line's time per photo for watermark removal, start-up included, as people run it one photo at a
 * time: `node --import tsx bench/watermark-cli.ts [--find] [--limit=N] [--no-report]`.
 * Each marked photo of the watermark set's held-out part (about 2 megapixels) and of the worst-kinds held-out
 * part (bench/watermark-worst) is written as a JPEG with its painted mask, and
 * `npm run cli -- watermark-removal --image IN --mask MASK --out OUT` is run on it in a process of its own;
 * with `--find` also without `--mask` (the mark found first). Wall time, the child's CPU time (user + system,
 * from the kernel's count of waited-for children) and the load average are recorded: the machine is shared,
 * so wall time alone says little. Goal (issue 58): mean at most 8 s, none over 20 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { markdownTable, writeBenchmarkSection } from './lib/report';
import { buildWatermarkSet } from './watermark-set';
import { buildWorstCases } from './watermark-worst/cases';
import type { RawImage } from '../server/src/lib/image/raw-image';

const args = process.argv.slice(2);
const find = args.includes('--find');
const limit = Number(args.find((a) => a.startsWith('--limit='))?.slice(8) ?? Infinity);
const report = !args.includes('--no-report') && limit === Infinity;
/** Longer side of the watermark set's photos: about 2 megapixels on its 16:10 photos. */
const SIDE = 1732;
const ROOT = new URL('..', import.meta.url).pathname;

interface Photo {
  id: string;
  kind: string;
  input: RawImage;
  mask: Uint8Array;
}

interface Run {
  id: string;
  kind: string;
  megapixels: number;
  withMask: boolean;
  wallS: number;
  cpuS: number;
  load: number;
  ok: boolean;
}

/** CPU seconds of the waited-for children of this process (cutime + cstime of /proc/self/stat). */
function childrenCpuS(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), counted from the state field (3rd) here.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
}

async function photos(): Promise<Photo[]> {
  const set = await buildWatermarkSet({ parts: ['heldout'], clean: false, side: SIDE, added: true });
  const worst = await buildWorstCases(['heldout']);
  return [
    ...set.map((c) => ({ id: c.id, kind: c.kind, input: c.input, mask: c.looseMask })),
    ...worst.map((c) => ({ id: c.id, kind: c.kind, input: c.input, mask: c.mask })),
  ].slice(0, limit);
}

async function writeInputs(dir: string, p: Photo): Promise<{ image: string; mask: string }> {
  const { width, height } = p.input;
  const image = path.join(dir, `${p.id}.jpg`);
  const mask = path.join(dir, `${p.id}-mask.png`);
  await sharp(Buffer.from(p.input.data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(image);
  await sharp(Buffer.from(p.mask.map((v) => (v ? 255 : 0))), { raw: { width, height, channels: 1 } })
    .png()
    .toFile(mask);
  return { image, mask };
}

function runCli(
  image: string,
  mask: string | null,
  out: string,
): { wallS: number; cpuS: number; ok: boolean } {
  const cpuBefore = childrenCpuS();
  const started = performance.now();
  const child = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'cli',
      '--',
      'watermark-removal',
      '--image',
      image,
      ...(mask ? ['--mask', mask] : []),
      '--out',
      out,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const wallS = (performance.now() - started) / 1000;
  if (child.status !== 0) process.stderr.write(child.stderr.split('\n').slice(-3).join('\n'));
  return { wallS, cpuS: childrenCpuS() - cpuBefore, ok: child.status === 0 };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watermark-cli-'));
  const runs: Run[] = [];
  const loadStart = os.loadavg()[0];
  try {
    for (const p of await photos()) {
      const files = await writeInputs(dir, p);
      for (const withMask of find ? [true, false] : [true]) {
        const load = os.loadavg()[0];
        const r = runCli(files.image, withMask ? files.mask : null, path.join(dir, `${p.id}-out.png`));
        const megapixels = (p.input.width * p.input.height) / 1e6;
        runs.push({ id: p.id, kind: p.kind, megapixels, withMask, ...r, load });
        console.log(
          `${p.id} ${p.kind.padEnd(22)} ${megapixels.toFixed(2)} MP ${withMask ? 'mask' : 'find'} wall ${r.wallS.toFixed(1)} s CPU ${r.cpuS.toFixed(1)} s load ${load.toFixed(1)}${r.ok ? '' : ' FAILED'}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const loadEnd = os.loadavg()[0];
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
  const line = (rows: Run[]) => {
    const slowest = rows.reduce((a, r) => (r.wallS > a.wallS ? r : a));
    return [
      rows[0].withMask ? 'painted mask (`--mask`)' : 'mark found first (no `--mask`)',
      rows.length,
      mean(rows.map((r) => r.wallS)).toFixed(1),
      `${slowest.wallS.toFixed(1)} (${slowest.id}, ${slowest.kind})`,
      rows.filter((r) => r.wallS > 20).length,
      mean(rows.map((r) => r.cpuS)).toFixed(1),
      Math.max(...rows.map((r) => r.cpuS)).toFixed(1),
      rows.filter((r) => !r.ok).length,
    ];
  };
  const groups = [runs.filter((r) => r.withMask), runs.filter((r) => !r.withMask)].filter((g) => g.length);
  const table = markdownTable(
    ['runs', 'photos', 'mean wall s', 'slowest wall s', 'over 20 s', 'mean CPU s', 'most CPU s', 'failed'],
    groups.map(line),
  );
  console.log(table);
  console.log(`load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end`);
  if (!report) return;
  const perRun = markdownTable(
    ['photo', 'kind', 'MP', 'run', 'wall s', 'CPU s', 'load'],
    runs.map((r) => [
      r.id,
      r.kind,
      r.megapixels.toFixed(2),
      r.withMask ? 'mask' : 'find',
      r.wallS.toFixed(1),
      r.cpuS.toFixed(1),
      r.load.toFixed(1),
    ]),
  );
  writeBenchmarkSection(
    'watermark-cli',
    `## Watermark removal on the command line, one photo per command

\`npm run bench -- watermark-cli${find ? ' --find' : ''}\`. Each marked photo of the watermark set's held-out part (longer side ${SIDE} px, about 2 megapixels on its 16:10 photos; smaller photos as they are) and of the worst-kinds held-out part (1280 px) is saved as JPEG 92 with its painted mask, and \`npm run cli -- watermark-removal --image IN --mask MASK --out OUT\` is run on it as a command of its own, start-up, model loading and writing the result included${find ? '; then again without `--mask`, the mark found first' : ''}. Wall time, and the command's CPU time (user + system of it and its threads, from the kernel's count for waited-for children): the machine is shared, so the wall time depends on what else runs (load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end). Goal (issue 58): a mean of at most 8 s per photo, none over 20 s.

${table}

<details><summary>Per run</summary>

${perRun}

</details>`,
  );
}

await main();
