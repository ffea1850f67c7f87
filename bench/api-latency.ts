/**
 * API latency under inference load: `npm run bench -- api-latency`.
 *
 * Starts the real app on loopback (PGlite in memory, the real engine registry), then measures GET /api/auth/user
 * from a client in this process: first with the server idle, then while two real 2x upscales of a 1024 x 1024
 * photo run through the pipeline. Inference runs in worker threads, so the HTTP event loop should barely notice;
 * the event-loop delay of the server's thread is sampled over each phase. Token checks use a fixed-token verifier
 * (the request path is otherwise the production one), so the figures measure the server, not the identity provider.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { createWorkerPool } from '../server/src/inference/pool';
import { bearer } from '../server/test/support/fake-verifier';
import { multipart, photo } from '../server/test/support/uploads';
import { startBenchApp } from './lib/bench-app';
import { markdownTable, median, percentile, writeBenchmarkSection } from './lib/report';

const REQUESTS = 400;
const CONCURRENCY = 8;

const pool = createWorkerPool({ threads: 1 });
const { base, close } = await startBenchApp({ pool: pool, queueConcurrency: 2 });

async function measure(): Promise<{ latencies: number[]; loop: { p50: number; p99: number; max: number } }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (next++ < REQUESTS) {
        const started = performance.now();
        // One person per client: the per-token rate limit is not what is measured here.
        const response = await fetch(`${base}/api/auth/user`, { headers: bearer(`bench-${client}`) });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 5));
      }
    }),
  );
  histogram.disable();
  const ms = (ns: number) => ns / 1e6;
  return {
    latencies,
    loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
  };
}

async function heavyJob(uid: string): Promise<number> {
  const image = await sharp(photo('Garden.jpg'))
    .resize(1024, 1024, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const body = multipart({ editingMode: 'image-upscale' }, { name: 'garden.jpg', data: image });
  const upload = await fetch(`${base}/api/upload`, {
    method: 'POST',
    body: body.payload,
    headers: { ...body.headers, ...bearer(uid) },
  });
  const { id } = (await upload.json()) as { id: string };
  const started = performance.now();
  const processed = await fetch(`${base}/api/process/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(uid) },
    body: JSON.stringify({ scale: 2 }),
  });
  if (processed.status !== 200)
    throw new Error(`process answered ${processed.status}: ${await processed.text()}`);
  return performance.now() - started;
}

await fetch(`${base}/api/auth/user`, { headers: bearer('bench') });
await heavyJob('warm-up'); // converts and loads the model once, outside the measurement
const idle = await measure();
const jobs = Promise.all([heavyJob('heavy-1'), heavyJob('heavy-2')]);
await new Promise((r) => setTimeout(r, 500));
const loaded = await measure();
const jobTimes = await jobs;

const row = (name: string, m: typeof idle) => [
  name,
  median(m.latencies).toFixed(1),
  percentile(m.latencies, 95).toFixed(1),
  percentile(m.latencies, 99).toFixed(1),
  m.loop.p99.toFixed(1),
  m.loop.max.toFixed(1),
];
const table = markdownTable(
  ['phase', 'p50 ms', 'p95 ms', 'p99 ms', 'event-loop delay p99 ms', 'event-loop delay max ms'],
  [row('idle', idle), row('two 2x upscales of 1024 x 1024 running', loaded)],
);
const ratio = median(loaded.latencies) / median(idle.latencies);
writeBenchmarkSection(
  'api-latency',
  `## API latency while models run

GET /api/auth/user, ${REQUESTS} requests from ${CONCURRENCY} concurrent clients on loopback, first idle, then while two
real 2x upscales of a 1024 x 1024 photo (ESRGAN, in worker threads) go through the whole pipeline. The upscales took
${jobTimes.map((t) => (t / 1000).toFixed(1)).join(' s and ')} s.

${table}

Median latency under load is ${ratio.toFixed(2)}x the idle median: the HTTP event loop is not blocked by inference
(the two cores are shared with the inference threads, which is what costs the little that remains).`,
);
console.log(table);
await close();
process.exit(0);
