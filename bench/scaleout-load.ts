/**
 * Load on the scaled-out deployment: `npm run bench -- scaleout-load [seconds]` (default 60).
 *
 * Starts two web servers and two workers as processes (server/test/support/cluster.ts: this machine's PostgreSQL
 * and Redis from TEST_DATABASE_URL and TEST_REDIS_URL, s3rver on loopback, one Auth emulator), signs in 200
 * people, then for the whole run: every person checks their sign-in twice a second with their session cookie, the
 * people's checks spread evenly over each half second (bench/lib/paced-checks.ts, a process of its own), while 16
 * loops upload a 192x128 photo and run a real 2x upscale (ESRGAN slim) as the next person, alternating web
 * servers. The sign-in check is first measured alone (one person) as the baseline of this run, so the ratio holds
 * on a busy machine. Afterwards the database is counted: every job answered, none lost (left in processing), none
 * run twice (from the workers' logs), and every spent credit has its result and usage record.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep, startCluster, type Cluster } from '../server/test/support/cluster';
import { multipart } from '../server/test/support/uploads';
import { spawnChecks, type ChecksResult } from './lib/paced-checks';
import { markdownTable, writeBenchmarkSection } from './lib/report';

const SECONDS = Number(process.argv[2] ?? 60);
/** Full load before the measured seconds: fresh servers compile their code paths and open their connections. */
const WARMUP_SECONDS = 10;
const PEOPLE = 200;
const JOB_LOOPS = 16;
const CHECKS_PER_SECOND = 2;
const PHOTO = readFileSync(
  fileURLToPath(new URL('../server/test/fixtures/upscale/coffee-192x128.png', import.meta.url)),
);

const cluster: Cluster = await startCluster({
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  postgresUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  webs: 2,
  workers: 2,
  env: { LOG_LEVEL: 'info' },
});

interface Signed {
  id: string;
  cookie: string;
  url: string;
}

try {
  const people: Signed[] = [];
  for (let i = 0; i < PEOPLE; i += 10)
    people.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => signIn(i + k)))));
  console.log(`${PEOPLE} people signed in`);
  const plan = {
    people: people.map(({ url, cookie }) => ({ url, cookie })),
    path: '/api/auth/user',
    intervalMs: 1000 / CHECKS_PER_SECOND,
    seconds: SECONDS,
    timeoutMs: 10_000,
    warmupSeconds: WARMUP_SECONDS,
  };

  const baseline = await spawnChecks({
    ...plan,
    people: people.slice(0, 1),
    intervalMs: 100,
    seconds: 10,
    warmupSeconds: 0,
  });
  // The job loops' own process: its event-loop delay is part of the upload times it reads.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The job loops begin with the checks, not while the checking process is still starting.
  let jobs: Promise<JobStats> | undefined;
  const load = await spawnChecks({ ...plan, people }, () => (jobs = runJobs(people)));
  const jobStats = await jobs!;
  loop.disable();
  const jobLoopDelay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  const counts = await countAfter(jobStats.submitted);
  report(baseline, load, jobStats, jobLoopDelay, counts);
} finally {
  await cluster.stop();
}

async function signIn(i: number): Promise<Signed> {
  const person = await cluster.signUp(`load-${i}@example.com`, 'monthly');
  const response = await fetch(`${cluster.webs[i % 2].url}/api/auth/session`, {
    method: 'POST',
    headers: person.headers,
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 204 || !cookie) throw new Error(`session: ${response.status}`);
  // Half the people check their sign-in on each web server.
  return { id: person.id, cookie, url: cluster.webs[i % 2].url };
}

interface JobStats {
  submitted: number;
  ok: number;
  failed: Record<string, number>;
  upload: number[];
  warmupUpload: number[];
  process: number[];
  seconds: number;
}

/** JOB_LOOPS loops of upload + process for SECONDS, each as the next person, alternating web servers. */
async function runJobs(people: Signed[]): Promise<JobStats> {
  const stats: JobStats = {
    submitted: 0,
    ok: 0,
    failed: {},
    upload: [],
    warmupUpload: [],
    process: [],
    seconds: 0,
  };
  const started = performance.now();
  const measuredFrom = started + WARMUP_SECONDS * 1000;
  const end = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: JOB_LOOPS }, async () => {
      while (Date.now() < end) {
        const n = turn++;
        const person = people[n % people.length];
        const web = cluster.webs[n % 2];
        const body = multipart(
          { editingMode: 'image-upscale' },
          { name: 'p.png', data: PHOTO, type: 'image/png' },
        );
        let t = performance.now();
        const up = await fetch(`${web.url}/api/upload`, {
          method: 'POST',
          headers: { ...body.headers, cookie: person.cookie },
          body: new Uint8Array(body.payload),
        });
        (t < measuredFrom ? stats.warmupUpload : stats.upload).push(performance.now() - t);
        if (up.status !== 201) {
          stats.failed[`upload ${up.status}`] = (stats.failed[`upload ${up.status}`] ?? 0) + 1;
          await sleep(500);
          continue;
        }
        const { id } = (await up.json()) as { id: string };
        t = performance.now();
        stats.submitted++;
        const run = await fetch(`${cluster.webs[(n + 1) % 2].url}/api/process/${id}`, {
          method: 'POST',
          headers: { cookie: person.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ options: { scale: 2, quality: 'fast' } }),
        });
        await run.arrayBuffer();
        stats.process.push(performance.now() - t);
        if (run.status === 200) stats.ok++;
        else stats.failed[`process ${run.status}`] = (stats.failed[`process ${run.status}`] ?? 0) + 1;
      }
    }),
  );
  stats.seconds = (performance.now() - started) / 1000;
  return stats;
}

async function countAfter(submitted: number) {
  const one = async (sql: string) => Number((await cluster.db.query(sql)).rows[0].n);
  const starts = new Map<string, number>();
  for (const worker of cluster.workers) {
    for (const match of worker.text.matchAll(/"jobId":"([0-9a-f-]{36})\.[^"]+"[^}]*"msg":"job started"/g))
      starts.set(match[1], (starts.get(match[1]) ?? 0) + 1);
  }
  return {
    submitted,
    completed: await one(`select count(*) as n from processed_images where status = 'completed'`),
    failed: await one(`select count(*) as n from processed_images where status = 'failed'`),
    lost: await one(`select count(*) as n from processed_images where status = 'processing'`),
    creditsSpent: await one(`select coalesce(sum(credits_used), 0) as n from users`),
    usageRecords: await one(`select count(*) as n from usage_records`),
    ranTwice: [...starts.values()].filter((n) => n > 1).length,
    perWorker: cluster.workers.map((w) => (w.text.match(/"msg":"job started"/g) ?? []).length),
  };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function ms(n: number): string {
  return Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : 'timed out (10 s)';
}

function report(
  baseline: ChecksResult,
  load: ChecksResult,
  jobs: JobStats,
  jobLoopDelay: { p99: number; max: number },
  counts: Awaited<ReturnType<typeof countAfter>>,
) {
  // A check that timed out or failed counts as the slowest there is, so the p99 never leaves it out.
  const times = (r: ChecksResult) => [...r.latencies, ...Array<number>(r.timeouts + r.errors).fill(Infinity)];
  const [p50, p99] = [pct(times(load), 50), pct(times(load), 99)];
  const [b50, b99] = [pct(times(baseline), 50), pct(times(baseline), 99)];
  const non2xx = Object.entries(load.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0);
  const rows = [
    [
      'sign-in check (`GET /api/auth/user`, cookie)',
      load.latencies.length,
      ms(p50),
      ms(p99),
      `${(p50 / b50).toFixed(1)}x / ${(p99 / b99).toFixed(1)}x`,
    ],
    [
      'upload (`POST /api/upload`, 192x128 PNG)',
      jobs.upload.length,
      ms(pct(jobs.upload, 50)),
      ms(pct(jobs.upload, 99)),
      '',
    ],
    [
      'edit (`POST /api/process/:id`, 2x upscale, queued + run)',
      jobs.process.length,
      ms(pct(jobs.process, 50)),
      ms(pct(jobs.process, 99)),
      '',
    ],
  ];
  const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');
  const nice = /"nice":(\d+)/.exec(cluster.workers[0].text)?.[1] ?? '?';
  const markdown = `## Scale-out under load (two web servers, two workers)

\`npm run bench -- scaleout-load\`: two web servers and two workers (at nice ${nice}, \`WORKER_NICE\`) started as
processes on this machine's PostgreSQL and Redis and s3rver (loopback S3, a process of its own), ${PEOPLE} signed-in people for ${SECONDS} s
after ${WARMUP_SECONDS} s of the same load as a warm-up.
Every person checks their sign-in ${CHECKS_PER_SECOND} times a second with their session cookie over a keep-alive
connection of their own, half of them on each web server; the people's checks are spread evenly over each
${1000 / CHECKS_PER_SECOND} ms, as a population's are, not fired at the same instant. The checks run in a process of
their own (bench/lib/paced-checks.ts) and a check's time runs from when it was due, so a check held back by a slow
answer or by that process's own delays counts the wait. Meanwhile ${JOB_LOOPS} loops in the bench's process upload a
192x128 photo and run a real 2x upscale (ESRGAN slim) as the next person, alternating web servers. The baseline is
one person checking 10 times a second for 10 s with no other load from the bench, measured in the same run just before; the
ratio column is p50 / p99 under load against it, since absolute times depend on what else the machine runs (the
load average is below). The goal is a p99 under 100 ms for the calls that do no processing.

${markdownTable(['call', 'requests', 'p50', 'p99', 'under load / alone'], rows)}

Baseline alone: p50 ${ms(b50)}, p99 ${ms(b99)}. The warm-up's calls are not in the table: the first seconds of
freshly started servers under the full load, while every code path runs for the first time and connections open
(sign-in checks p99 ${ms(pct(load.warmup, 99))}, uploads p99 ${ms(pct(jobs.warmupUpload, 99))}). Sign-in checks under load: statuses ${JSON.stringify(load.statuses)},
${non2xx} not 2xx, ${load.errors} connection errors, ${load.timeouts} timed out (10 s); timed from when they were
sent instead of due: p50 ${ms(pct(load.fromSent, 50))}, p99 ${ms(pct(load.fromSent, 99))}. Event-loop delay of the
checking process p99 ${ms(load.loopDelay.p99)} (max ${ms(load.loopDelay.max)}), of the job loops' process p99
${ms(jobLoopDelay.p99)} (max ${ms(jobLoopDelay.max)}). Edits: ${jobs.ok} completed of ${jobs.submitted} submitted,
${((jobs.ok / jobs.seconds) * 60).toFixed(0)} jobs per minute (${counts.perWorker.join(' and ')} run by the two
workers); failures: ${JSON.stringify(jobs.failed)}.

Counted from the database and the workers' logs after the run:

${markdownTable(
  ['check', 'count', 'holds'],
  [
    [
      'edits submitted / completed rows / failed rows',
      `${counts.submitted} / ${counts.completed} / ${counts.failed}`,
      verdict(counts.completed + counts.failed === counts.submitted),
    ],
    ['left in processing (lost)', counts.lost, verdict(counts.lost === 0)],
    ['jobs started more than once', counts.ranTwice, verdict(counts.ranTwice === 0)],
    [
      'credits spent / usage records / completed rows',
      `${counts.creditsSpent} / ${counts.usageRecords} / ${counts.completed}`,
      verdict(counts.creditsSpent === counts.usageRecords && counts.usageRecords === counts.completed),
    ],
  ],
)}`;
  writeBenchmarkSection('scaleout-load', markdown);
  console.log(markdown);
}
