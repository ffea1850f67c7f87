/**
 * The web server's start and first job, from its TypeScript sources under tsx against the compiled build
 * (dist/server): `npm run bench -- startup [rounds]` (default 3 timed rounds a way, after one untimed start).
 *
 * Each way starts the server as a process, as `npm start` does once its build step is done (`node dist/server/
 * main.js`, or `node --import tsx server/src/main.ts` as it was), in production mode with PGlite and local
 * storage in a data folder of its own, jobs in the server and one inference thread; the ways alternate round by
 * round, so load on the machine falls on each alike. Measured: the time from the spawn to /healthz answering;
 * the process's resident memory then (VmRSS, and its peak VmHWM, from /proc/PID/status); the first job (a small
 * photo's 2x upscale through the API, with the models' warm-up at start off: it starts the inference thread,
 * which loads its modules and the model), timed from the request to the answer; and the resident memory after
 * it. The threads share the process's memory, so an inference thread's own share cannot be read apart: the
 * growth over the first job (the thread, its modules, the model, the job's buffers) is what is reported for it.
 *
 * Sign-in goes through one Firebase Auth emulator started here, which every server finds already running, so
 * its own start (tens of seconds) is outside the figures. The untimed first start of each way makes its
 * database (PGlite's initdb) and, for tsx, fills tsx's transform cache; a third way runs tsx with that cache off
 * (TSX_DISABLE_CACHE), as a new container or machine starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '../e2e/support/app-server';
import { startTestEmulator } from '../server/test/support/emulator';
import { multipart, photo } from '../server/test/support/uploads';
import { markdownTable, median, writeBenchmarkSection } from './lib/report';

const ROUNDS = Number(process.argv[2] ?? 3);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Way {
  name: string;
  args: string[];
  env: Record<string, string>;
}

const WAYS: Way[] = [
  { name: 'compiled (`node dist/server/main.js`)', args: ['dist/server/main.js'], env: {} },
  {
    name: 'tsx, its cache warm (`node --import tsx server/src/main.ts`)',
    args: ['--import', 'tsx', 'server/src/main.ts'],
    env: {},
  },
  {
    name: 'tsx, its cache off',
    args: ['--import', 'tsx', 'server/src/main.ts'],
    env: { TSX_DISABLE_CACHE: '1' },
  },
];

interface Memory {
  rss: number;
  hwm: number;
  threads: number;
}

interface Round {
  healthz: number;
  atStart: Memory;
  firstJob: number;
  afterJob: Memory;
}

/** VmRSS and VmHWM in MB, and the thread count, of process `pid`. */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1]);
  return { rss: field('VmRSS') / 1024, hwm: field('VmHWM') / 1024, threads: field('Threads') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The compiled server, built from the same sources that tsx runs.
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const emulator = await startTestEmulator(await freePort());
const photoBytes = await sharp(photo('Garden.jpg')).resize(480).jpeg({ quality: 90 }).toBuffer();
const { width, height } = (await sharp(photoBytes).metadata()) as { width: number; height: number };
const dataDirs = WAYS.map(() => mkdtempSync(path.join(os.tmpdir(), 'bench-startup-')));
let accounts = 0;

async function startServer(way: Way, dataDir: string) {
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, way.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...way.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_PORT: String(emulator.url.split(':').pop()),
      INFERENCE_THREADS: '1',
      JOB_CONCURRENCY: '1',
      // The warm-up would load the models before the first job: the first job here is the cold one.
      WARM_UP_MODELS: 'false',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${way.name} did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    await sleep(10);
  }
  const healthz = (performance.now() - started) / 1000;
  return { child, base, healthz };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A new account's first upload and its 2x upscale: seconds from the request to the answer. */
async function firstJob(base: string): Promise<number> {
  const { idToken } = await emulator.signUp(`startup-${process.pid}-${accounts++}@example.com`);
  const headers = { authorization: `Bearer ${idToken}` };
  const form = multipart({ editingMode: 'image-upscale' }, { name: 'photo.jpg', data: photoBytes });
  const upload = await fetch(`${base}/api/upload`, {
    method: 'POST',
    body: new Uint8Array(form.payload),
    headers: { ...form.headers, ...headers },
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };
  const started = performance.now();
  const response = await fetch(`${base}/api/process/${id}`, {
    method: 'POST',
    body: JSON.stringify({ scale: 2 }),
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(300_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`upscale: ${response.status}`);
  return (performance.now() - started) / 1000;
}

async function round(way: Way, dataDir: string): Promise<Round> {
  const { child, base, healthz } = await startServer(way, dataDir);
  try {
    const atStart = memoryOf(child.pid!);
    const job = await firstJob(base);
    return { healthz, atStart, firstJob: job, afterJob: memoryOf(child.pid!) };
  } finally {
    await stop(child);
  }
}

const rounds: Round[][] = WAYS.map(() => []);
try {
  for (let r = -1; r < ROUNDS; r++) {
    // Round -1 is the untimed first start of each way; then the order turns round by round.
    for (let k = 0; k < WAYS.length; k++) {
      const i = (k + Math.max(r, 0)) % WAYS.length;
      const result = await round(WAYS[i], dataDirs[i]).catch((error: Error) => {
        // A server killed from outside (a busy shared machine) is started once more.
        console.warn(`${WAYS[i].name}: ${error.message.split('\n')[0]}; once more`);
        return round(WAYS[i], dataDirs[i]);
      });
      if (r >= 0) rounds[i].push(result);
      console.log(
        `${r < 0 ? 'untimed' : `round ${r + 1}`} | ${WAYS[i].name} | /healthz ${result.healthz.toFixed(2)} s | ` +
          `RSS ${result.atStart.rss.toFixed(0)} MB | first job ${result.firstJob.toFixed(2)} s | ` +
          `RSS after ${result.afterJob.rss.toFixed(0)} MB`,
      );
    }
  }
} finally {
  await emulator.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

/** The median of `values` and, in brackets, their range. */
const spread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const rows = WAYS.map((way, i) => {
  const runs = rounds[i];
  return [
    way.name,
    spread(
      runs.map((x) => x.healthz),
      2,
    ),
    spread(
      runs.map((x) => x.atStart.rss),
      0,
    ),
    spread(
      runs.map((x) => x.atStart.hwm),
      0,
    ),
    spread(
      runs.map((x) => x.firstJob),
      2,
    ),
    spread(
      runs.map((x) => x.afterJob.rss),
      0,
    ),
    spread(
      runs.map((x) => x.afterJob.rss - x.atStart.rss),
      0,
    ),
    spread(
      runs.map((x) => x.afterJob.hwm),
      0,
    ),
    `${median(runs.map((x) => x.atStart.threads))} → ${median(runs.map((x) => x.afterJob.threads))}`,
  ];
});
const table = markdownTable(
  [
    'way',
    'spawn → /healthz s',
    'RSS at /healthz MB',
    'peak RSS at /healthz MB',
    'first job s',
    'RSS after it MB',
    'growth over it MB (the inference thread)',
    'peak RSS after it MB',
    'threads',
  ],
  rows,
);
writeBenchmarkSection(
  'startup',
  `## Start-up: compiled server against tsx

\`npm run bench -- startup\`: the web server started as a process in production mode, each way in a data folder of
its own (PGlite, local storage, jobs in the server, one inference thread), ${ROUNDS} rounds a way after one untimed
start, the ways alternating. "Spawn → /healthz": from starting \`node\` to the first answer of GET /healthz (the
build step of \`npm start\`, which skips an up-to-date build, and npm itself come before it and are not counted).
Memory is the process's VmRSS and VmHWM (peak) from /proc. The first job is a new account's 2x upscale of a
${width}x${height} photo, from the request to the answer: it starts the inference thread, which loads its modules and
the model (the models' warm-up at start is off: WARM_UP_MODELS=false). Threads share the process's memory, so no
thread's share can be read apart: the growth of the process's resident memory over the first job stands for the
inference thread (its modules, the model, the job's buffers).
Sign-in uses a Firebase Auth emulator already running. tsx's transform cache (in the system's temporary folder)
is warm after the untimed start; "cache off" is tsx on a new machine or container. Medians, the range in
brackets. Load average ${os.loadavg()[0].toFixed(1)} at the end: other work on these 2 cores stretches every figure.

${table}`,
);
console.log(table);
process.exit(0);
