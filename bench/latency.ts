/**
 * Every mode's latency through the warm server: `npm run bench -- latency [runs] [--defaults-only]` (default 5 warm
 * runs a case).
 *
 * Starts the real app on loopback as `npm start` runs it (PGlite in memory, local storage, the real engine
 * registry on one inference thread, jobs in the server), then for each case uploads the photo and times
 * POST /api/process/:id from the request to the answer: the first call after a start without the warm-up apart
 * (it pays for loading the mode's models), then `runs` warm calls, of which the p50 and p95 are reported. The
 * time the inference thread spent on the call's tasks is summed by a wrapper around the worker pool: the rest
 * (decoding, encoding, storage, the database, HTTP) is the share spent outside the models.
 *
 * Then a second app on a fresh inference thread runs the start-up warm-up (its time and the memory it adds) and
 * each case's first call after it (best quality apart: its model is not one the warm-up loads, and a call takes
 * a minute and a half), and watermark removal with the same painted box on every photo of the project.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { warmUpEngines } from '../server/src/engines/warm-up/warm-up';
import { createWorkerPool, type WorkerPool } from '../server/src/inference/pool';
import { silentLogger } from '../server/src/lib/logger';
import { bearer } from '../server/test/support/fake-verifier';
import { multipart, photo } from '../server/test/support/uploads';
import { startBenchApp } from './lib/bench-app';
import { markdownTable, median, percentile, writeBenchmarkSection } from './lib/report';

/** The first number among the arguments, wherever the flags stand. */
const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
/** `--defaults-only`: the modes' default options only (a best-quality upscale takes minutes a call). */
const DEFAULTS_ONLY = process.argv.includes('--defaults-only');
const isBest = (c: Case) => c.name.includes('best quality');

interface Case {
  name: string;
  mode: string;
  photo: () => Promise<Buffer>;
  body: (size: { width: number; height: number }) => Promise<object>;
  /** The issue's budget for the warm call, seconds. */
  budget: number;
}

/** A photo at about `megapixels`, as a phone's JPEG. */
const sized = (name: string, megapixels: number) => async () => {
  const meta = await sharp(photo(name)).metadata();
  const scale = Math.sqrt((megapixels * 1e6) / (meta.width! * meta.height!));
  return sharp(photo(name))
    .resize(Math.round(meta.width! * scale))
    .jpeg({ quality: 90 })
    .toBuffer();
};

/** A painted box over a tenth of the photo's width, left of centre, as a person paints over a mark. */
async function boxMask({ width, height }: { width: number; height: number }) {
  const [w, h] = [Math.round(width * 0.18), Math.round(height * 0.1)];
  const png = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: await sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        left: Math.round(width * 0.3),
        top: Math.round(height * 0.6),
      },
    ])
    .png()
    .toBuffer();
  return { maskData: `data:image/png;base64,${png.toString('base64')}` };
}

const CASES: Case[] = [
  {
    name: 'background removal, 0.4 MP portrait',
    mode: 'background-removal',
    photo: sized('face-didgeridoo-player-body-paint.jpg', 0.4),
    body: async () => ({}),
    budget: 2.5,
  },
  {
    name: 'watermark removal, painted box, 1.9 MP',
    mode: 'watermark-removal',
    photo: sized('Garden.jpg', 1.9),
    body: boxMask,
    budget: 3,
  },
  {
    name: 'object removal, the same box, 1.9 MP',
    mode: 'object-removal',
    photo: sized('Garden.jpg', 1.9),
    body: boxMask,
    budget: 2.5,
  },
  {
    name: 'upscale 2x, 1.9 MP',
    mode: 'image-upscale',
    photo: sized('Garden.jpg', 1.9),
    body: async () => ({ scale: 2 }),
    budget: 16,
  },
  {
    name: 'upscale 4x, 1.9 MP',
    mode: 'image-upscale',
    photo: sized('Garden.jpg', 1.9),
    body: async () => ({ scale: 4 }),
    budget: 24,
  },
  {
    name: 'upscale 2x, best quality, 1.9 MP',
    mode: 'image-upscale',
    photo: sized('Garden.jpg', 1.9),
    body: async () => ({ scale: 2, options: { quality: 'best' } }),
    budget: 16,
  },
  {
    name: 'upscale 4x, best quality, 1.9 MP',
    mode: 'image-upscale',
    photo: sized('Garden.jpg', 1.9),
    body: async () => ({ scale: 4, options: { quality: 'best' } }),
    budget: 24,
  },
  {
    name: 'Chat to Edit "brighter and warmer", 1.9 MP',
    mode: 'prompt-edit',
    photo: sized('Garden.jpg', 1.9),
    body: async () => ({ prompt: 'make it brighter and warmer' }),
    budget: 1,
  },
  {
    name: 'Chat to Edit "remove the background", 0.4 MP',
    mode: 'prompt-edit',
    photo: sized('face-didgeridoo-player-body-paint.jpg', 0.4),
    body: async () => ({ prompt: 'remove the background' }),
    budget: 3,
  },
  {
    name: 'face enhancement, 0.4 MP, one face',
    mode: 'face-enhancement',
    photo: sized('face-old-man-sepia-moustache.jpg', 0.4),
    body: async () => ({}),
    budget: 4.5,
  },
  {
    name: 'professional headshot, 0.4 MP',
    mode: 'professional-photo',
    photo: sized('face-grace-hopper-navy-portrait.jpg', 0.4),
    body: async () => ({}),
    budget: 5,
  },
];

/** Every photo of the project, for the watermark removal's slowest case. */
const WATERMARK_PHOTOS = readdirSync('assets/photos').filter((name) => /\.(jpe?g|png)$/.test(name));

/** The pool, with the wall time during which at least one of its tasks ran (tasks may overlap). */
function timedPool(pool: WorkerPool) {
  let inModels = 0;
  let running = 0;
  let since = 0;
  const timed: WorkerPool = {
    run(task, payload, options) {
      if (running++ === 0) since = performance.now();
      return pool.run(task, payload, options).finally(() => {
        if (--running === 0) inModels += performance.now() - since;
      });
    },
    close: () => pool.close(),
  };
  return {
    pool: timed,
    take() {
      const spent = inModels;
      inModels = 0;
      return spent;
    },
  };
}

/** The app on a fresh inference thread of its own, as one `npm start` runs it. */
async function startApp(keepAlive: boolean) {
  const models = timedPool(createWorkerPool({ threads: 1, keepAlive }));
  return { models, ...(await startBenchApp({ pool: models.pool, queueConcurrency: 1 })) };
}
type App = Awaited<ReturnType<typeof startApp>>;

let person = 0;
/** One edit by a new person (each has the free plan's credits): seconds end to end, and in the models. */
async function edit(app: App, c: Case, bytes: Buffer) {
  const size = await sharp(bytes).metadata();
  const uid = `latency-${person++}`;
  const form = multipart({ editingMode: c.mode }, { name: 'photo.jpg', data: bytes });
  const upload = await fetch(`${app.base}/api/upload`, {
    method: 'POST',
    body: form.payload,
    headers: { ...form.headers, ...bearer(uid) },
  });
  const { id } = (await upload.json()) as { id: string };
  const body = JSON.stringify(await c.body({ width: size.width!, height: size.height! }));
  app.models.take();
  const started = performance.now();
  const response = await fetch(`${app.base}/api/process/${id}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...bearer(uid) },
  });
  await response.arrayBuffer();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`${c.name}: ${response.status}`);
  return { seconds, inModels: app.models.take() / 1000 };
}

const residentMb = () => process.memoryUsage().rss / 1e6;

// 1. Without the warm-up: the first call of each mode loads its models, then the warm calls.
const cold = await startApp(false);
const rows: (string | number)[][] = [];
for (const c of CASES.filter((x) => !(DEFAULTS_ONLY && isBest(x)))) {
  const bytes = await c.photo();
  const size = await sharp(bytes).metadata();
  const first = await edit(cold, c, bytes);
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await edit(cold, c, bytes));
  const seconds = warm.map((w) => w.seconds);
  const outside = warm.map((w) => 1 - w.inModels / w.seconds);
  const p50 = median(seconds);
  rows.push([
    c.name,
    `${size.width}x${size.height}`,
    first.seconds.toFixed(2),
    p50.toFixed(2),
    percentile(seconds, 95).toFixed(2),
    `${(median(outside) * 100).toFixed(0)} %`,
    c.budget.toFixed(1),
    (p50 / c.budget).toFixed(2),
  ]);
  console.log(rows.at(-1)!.join(' | '));
}
await cold.close();

// 2. With the warm-up, as `npm start` runs it: its time, what it adds in memory, then each mode's first call.
const warmed = await startApp(true);
const before = residentMb();
const report = await warmUpEngines(warmed.engines, {
  log: silentLogger,
  signal: new AbortController().signal,
});
const addedMb = residentMb() - before;
const firstAfterWarmUp: (string | number)[][] = [];
for (const c of CASES.filter((x) => !isBest(x))) {
  const { seconds } = await edit(warmed, c, await c.photo());
  const cold = rows.find((row) => row[0] === c.name)!;
  firstAfterWarmUp.push([c.name, cold[2], seconds.toFixed(2), cold[3]]);
  console.log(firstAfterWarmUp.at(-1)!.join(' | '));
}

// 3. Watermark removal with a painted box on every photo of the project at 2 MP: the slowest, not only Garden.
const perPhoto: { name: string; seconds: number }[] = [];
for (const name of WATERMARK_PHOTOS) {
  const c = CASES.find((x) => x.mode === 'watermark-removal')!;
  const { seconds } = await edit(warmed, c, await sized(name, 1.9)());
  perPhoto.push({ name, seconds });
  console.log(`watermark removal, ${name}: ${seconds.toFixed(2)} s`);
}
await warmed.close();
const slowest = perPhoto.reduce((a, b) => (b.seconds > a.seconds ? b : a));
const photoSeconds = perPhoto.map((p) => p.seconds);

const table = markdownTable(
  ['mode', 'photo', 'first call s', 'p50 s', 'p95 s', 'outside the models', 'budget s', 'p50 / budget'],
  rows,
);
const warmTable = markdownTable(
  ['mode', 'first call, no warm-up s', 'first call after the warm-up s', 'warm p50 s'],
  firstAfterWarmUp,
);
const warmUpSteps = report.modes
  .map(
    (m) => `${m.mode} ${(m.ms / 1000).toFixed(1)} s${m.error ? ' (ended in an answer to the person)' : ''}`,
  )
  .join(', ');
writeBenchmarkSection(
  'latency',
  `## Every mode through the warm server

\`npm run bench -- latency\`: the real app on loopback as \`npm start\` runs it (one inference thread, jobs in the
server). Each case: the first call after a start without the warm-up (it loads the mode's models), then ${RUNS}
warm calls of POST /api/process/:id, timed from the request to the answer. "Outside the models": the share of a
warm call not spent in the inference thread's tasks (decoding, encoding, storage, the database, HTTP). Budgets are
the ones the speed issue sets; a ratio above 1 is over budget.${DEFAULTS_ONLY ? ' This run left out the best-quality upscales (`--defaults-only`).' : ''} Load average ${os.loadavg()[0].toFixed(1)} at the end:
other work on these 2 cores stretches every figure.

${table}

**After the start-up warm-up** (\`WARM_UP_MODELS\`, on by default): a second app on a fresh inference thread ran
every mode once on the sample portrait (${(report.totalMs / 1000).toFixed(0)} s: ${warmUpSteps}), which added
${(addedMb / 1000).toFixed(1)} GB of resident memory to this process; then each case's first call:

${warmTable}

**Watermark removal with a painted box on every photo of the project** (${perPhoto.length} photos at 1.9 MP, the same
box, after the warm-up): median ${median(photoSeconds).toFixed(2)} s, slowest ${slowest.seconds.toFixed(2)} s
(${slowest.name}); goal 3 s, none over 10 s.`,
);
console.log(table);
process.exit(0);
