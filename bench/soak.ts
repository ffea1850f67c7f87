/**
 * Memory over a long soak: `npm run bench -- soak [rounds]` (default 240).
 *
 * Starts the real app on loopback (PGlite in memory, the real engine registry and worker threads, local
 * storage) and drives rounds of what a person does: upload a photo, remove an object with a painted mask, follow
 * the progress stream, list the history, fetch a thumbnail and the result, and delete the image. A new person
 * every five rounds (the free plan's credits). After each block of rounds the heap is collected and the
 * process's memory read; the figures after the warm-up are the baseline the rest is compared with.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { createWorkerPool } from '../server/src/inference/pool';
import { bearer } from '../server/test/support/fake-verifier';
import { EVERYDAY_PHOTOS, multipart, photo } from '../server/test/support/uploads';
import { startBenchApp } from './lib/bench-app';
import { markdownTable, writeBenchmarkSection } from './lib/report';

const ROUNDS = Number(process.argv[2] ?? 240);
const BLOCK = 20;
const WARM_UP_BLOCKS = 2;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const pool = createWorkerPool({ threads: 1 });
const { base, close } = await startBenchApp({ pool: pool, queueConcurrency: 2 });

/** 640 x 480 copies of the everyday photos, with a mask over an object-sized patch in the middle. */
const photos = await Promise.all(
  EVERYDAY_PHOTOS.slice(0, 4).map((name) =>
    sharp(photo(name)).resize(640, 480, { fit: 'cover' }).jpeg().toBuffer(),
  ),
);
const mask = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000' } })
  .composite([
    {
      input: await sharp({ create: { width: 90, height: 70, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      left: 280,
      top: 200,
    },
  ])
  .png()
  .toBuffer();
const maskData = `data:image/png;base64,${mask.toString('base64')}`;

async function call(url: string, init: RequestInit & { uid: string }): Promise<Response> {
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: { ...init.headers, ...bearer(init.uid) },
  });
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function round(index: number): Promise<void> {
  const uid = `soak-${Math.floor(index / 5)}`;
  const form = multipart(
    { editingMode: 'object-removal' },
    { name: 'p.jpg', data: photos[index % photos.length] },
  );
  const { id } = (await (
    await call('/api/upload', { method: 'POST', body: form.payload, headers: form.headers, uid })
  ).json()) as { id: string };
  const events = await call(`/api/process/${id}/events`, { uid, method: 'GET' });
  const edit = await call(`/api/process/${id}`, {
    method: 'POST',
    body: JSON.stringify({ maskData }),
    headers: { 'content-type': 'application/json' },
    uid,
  });
  const { processedPath } = (await edit.json()) as { processedPath: string };
  await events.text(); // the stream ends with the edit
  await (await call('/api/images', { uid, method: 'GET' })).arrayBuffer();
  await (await call(`/api/images/${id}/thumbnail`, { uid, method: 'GET' })).arrayBuffer();
  await (await call(processedPath, { uid, method: 'GET' })).arrayBuffer();
  await call(`/api/images/${id}`, { method: 'DELETE', uid });
}

interface Sample {
  rounds: number;
  heapMb: number;
  externalMb: number;
  rssMb: number;
  secondsPerRound: number;
}
const mb = (bytes: number) => bytes / 1024 / 1024;
const samples: Sample[] = [];
let done = 0;
while (done < ROUNDS) {
  const started = performance.now();
  for (let i = 0; i < BLOCK; i++) await round(done + i);
  done += BLOCK;
  const seconds = (performance.now() - started) / 1000 / BLOCK;
  collect();
  const memory = process.memoryUsage();
  samples.push({
    rounds: done,
    heapMb: mb(memory.heapUsed),
    externalMb: mb(memory.external + memory.arrayBuffers),
    rssMb: mb(memory.rss),
    secondsPerRound: seconds,
  });
  console.log(samples.at(-1));
}

const baseline = samples[Math.min(WARM_UP_BLOCKS, samples.length) - 1];
const last = samples.at(-1)!;
const per100 = (from: number, to: number) => ((to - from) / (last.rounds - baseline.rounds)) * 100;
const table = markdownTable(
  [
    'after rounds',
    'heap MB (after GC)',
    'external + array buffers MB',
    'RSS MB',
    'RSS / baseline',
    's per round',
  ],
  samples.map((s) => [
    s.rounds,
    s.heapMb.toFixed(1),
    s.externalMb.toFixed(1),
    s.rssMb.toFixed(0),
    (s.rssMb / baseline.rssMb).toFixed(2),
    s.secondsPerRound.toFixed(2),
  ]),
);
writeBenchmarkSection(
  'soak',
  `## Memory over a soak of uploads and edits

${ROUNDS} rounds against the real app in one process (the engines' worker thread included): upload a 640 x 480
photo, remove an object under a painted mask, follow the progress stream, list the history, fetch the thumbnail and
the result, delete the image; a new person every five rounds. Memory is read after a full garbage collection
every ${BLOCK} rounds; the baseline is the reading after ${BLOCK * WARM_UP_BLOCKS} rounds of warm-up (models loaded,
caches filled).

${table}

From the baseline to the end: heap ${per100(baseline.heapMb, last.heapMb).toFixed(2)} MB per 100 rounds, external
memory ${per100(baseline.externalMb, last.externalMb).toFixed(2)} MB per 100 rounds, RSS
${(last.rssMb / baseline.rssMb).toFixed(2)}x the baseline.`,
);
console.log(table);
await close();
process.exit(0);
