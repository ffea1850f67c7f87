/*
 * The scaled-out deployment as processes: two web servers and two workers on this machine's PostgreSQL and Redis
 * (a database and a key prefix of their own) and s3rver on loopback. Jobs are real 2x upscales (ESRGAN slim,
 * the cheapest model) of a 192x128 photo. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets
 * both).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startCluster, type Cluster, type Person, type Proc, type Web } from '../support/cluster';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PHOTO = readFileSync(fileURLToPath(new URL('../fixtures/upscale/coffee-192x128.png', import.meta.url)));

describe.skipIf(!postgresUrl || !redisUrl)('web and workers as separate processes', () => {
  let cluster: Cluster;
  let a: Web;
  let b: Web;
  let alice: Person;

  beforeAll(async () => {
    cluster = await startCluster({ redisUrl: redisUrl!, postgresUrl: postgresUrl!, webs: 2, workers: 2 });
    [a, b] = cluster.webs;
    alice = await cluster.signUp('alice@example.com', 'monthly');
  });
  afterAll(() => cluster?.stop());

  /** The worker whose log shows it started the job of this image (after `after` lines of its output). */
  const ranOn = (imageId: string, workers = cluster.workers) =>
    workers.filter((w) => startedPattern(imageId).test(w.text));
  const startedPattern = (imageId: string) =>
    new RegExp(`"jobId":"${imageId}\\.[^"]+"[^}]*"msg":"job started"`);
  const waitUntilStarted = async (imageId: string): Promise<Proc> => {
    for (let i = 0; i < 600; i++) {
      const [worker] = ranOn(imageId);
      if (worker) return worker;
      await sleep(50);
    }
    throw new Error(`no worker started ${imageId}`);
  };
  /** When a worker started the job of this image, from its log. */
  const startTime = (imageId: string) => {
    for (const worker of cluster.workers) {
      const line = worker.text.split('\n').find((l) => startedPattern(imageId).test(l));
      if (line) return Date.parse((JSON.parse(line) as { time: string }).time);
    }
    throw new Error(`no worker started ${imageId}`);
  };
  const row = async (imageId: string) =>
    (await cluster.db.query('select status, error_message from processed_images where id = $1', [imageId]))
      .rows[0] as { status: string; error_message: string | null };
  const creditsUsed = async (userId: string) =>
    (await cluster.db.query('select credits_used from users where id = $1', [userId])).rows[0]
      .credits_used as number;
  const usageOf = async (imageId: string) =>
    Number(
      (await cluster.db.query('select count(*) from usage_records where image_id = $1', [imageId])).rows[0]
        .count,
    );

  it('answers readiness with every dependency, and real 404s', async () => {
    for (const web of [a, b]) {
      const ready = await fetch(`${web.url}/readyz`);
      expect(await ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'up', storage: 'up', redis: 'up' },
      });
      const missing = await fetch(`${web.url}/api/no-such-thing`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('runs jobs from both web processes on both workers, with progress on the other web process', async () => {
    const ids = await Promise.all([a, b, a, b].map((web) => alice.upload(web, PHOTO)));
    // The event stream of the first image is followed on b, while a takes the request.
    const events = followEvents(b, ids[0], alice.headers);
    await events.opened;
    const answers = await Promise.all(ids.map((id, i) => alice.process(i % 2 ? b : a, id)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ width: 384, height: 256, providerId: 'local-esrgan' });
    }
    const seen = await events.done;
    expect(seen.some((e) => e.status === 'processing' && e.percent > 0 && e.percent < 100)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ status: 'completed', percent: 100 });
    // Both workers took jobs, each job ran once, and each result is served by either web process from S3.
    expect(new Set(ids.flatMap((id) => ranOn(id))).size).toBe(2);
    for (const id of ids) expect(ranOn(id)).toHaveLength(1);
    const result = await fetch(`${b.url}${answers[0].body.processedPath as string}`, {
      headers: alice.headers,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/png');
    expect(await fetch(`${a.url}${answers[0].body.processedPath as string}`).then((r) => r.status)).toBe(401);
    for (const id of ids) expect(await usageOf(id)).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'runs every thread of a worker, its model threads included, below the web servers',
    () => {
      // Field 19 of a thread's stat is its nice value; the jobs above started the workers' inference threads.
      const nices = (pid: number) =>
        readdirSync(`/proc/${pid}/task`).map((tid) =>
          Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]),
        );
      // The web server keeps the nice value it was started with (that of the tests, 0 unless they run niced).
      const [web, ...others] = new Set(nices(a.child.pid!));
      expect(others).toEqual([]);
      for (const worker of cluster.workers) {
        const threads = nices(worker.child.pid!);
        expect(threads.length).toBeGreaterThan(4);
        expect(new Set(threads)).toEqual(new Set([Math.max(10, web)]));
      }
    },
  );

  it('runs a paid job before the free ones waiting ahead of it', async () => {
    const free = await cluster.signUp('free@example.com');
    const freeIds = await Promise.all(Array.from({ length: 5 }, () => free.upload(a, PHOTO)));
    const paidId = await alice.upload(b, PHOTO);
    // The workers take nothing while the queue fills: five free jobs, then the paid one.
    const queue = new Queue('jobs', { prefix: cluster.env.REDIS_PREFIX, connection: { url: redisUrl } });
    await queue.pause();
    const waiting = async (n: number) => {
      while ((await queue.getJobCountByTypes('prioritized', 'wait')) < n) await sleep(100);
    };
    const freeRuns = freeIds.map((id, i) => free.process(i % 2 ? b : a, id));
    await waiting(5);
    const paidRun = alice.process(b, paidId);
    await waiting(6);
    await queue.resume();
    await queue.close();
    expect((await paidRun).status).toBe(200);
    expect((await Promise.all(freeRuns)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const order = [...freeIds, paidId].sort((x, y) => startTime(x) - startTime(y));
    // Both workers take a job at once when the queue resumes: the paid one and a free one.
    expect(order.indexOf(paidId)).toBeLessThanOrEqual(1);
  });

  it('hands the job of a worker killed mid-job to the other worker, and charges it once', async () => {
    const id = await alice.upload(a, PHOTO);
    const before = await creditsUsed(alice.id);
    const answer = alice.process(a, id);
    const victim = await waitUntilStarted(id);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const survivor = cluster.workers.find((w) => w !== victim)!;
    expect((await answer).status).toBe(200);
    expect(ranOn(id, [survivor])).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'completed' });
    expect(await creditsUsed(alice.id)).toBe(before + 1);
    expect(await usageOf(id)).toBe(1);
    cluster.workers = [survivor, await cluster.startWorker()];
  });

  it('drains a worker on SIGTERM: its running job finishes, the next one runs elsewhere', async () => {
    const [first, second] = await Promise.all([alice.upload(a, PHOTO), alice.upload(b, PHOTO)]);
    const firstAnswer = alice.process(a, first);
    const draining = await waitUntilStarted(first);
    draining.child.kill('SIGTERM');
    await draining.waitFor(/worker draining/);
    const secondAnswer = alice.process(b, second);
    expect((await firstAnswer).status).toBe(200);
    expect((await secondAnswer).status).toBe(200);
    expect(await draining.exited).toBe(0);
    expect(ranOn(second)).not.toContain(draining);
    cluster.workers = [cluster.workers.find((w) => w !== draining)!, await cluster.startWorker()];
  });

  it('stops a web process on SIGTERM only after the request it serves is answered', async () => {
    const id = await alice.upload(b, PHOTO);
    const answer = alice.process(b, id);
    await waitUntilStarted(id);
    b.child.kill('SIGTERM');
    expect((await answer).status).toBe(200);
    expect(await b.exited).toBe(0);
    expect(
      await fetch(`${b.url}/healthz`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');
    b = await cluster.startWeb();
  });

  it('fails and refunds a job whose worker died on each try, and says so on the event stream', async () => {
    const id = await alice.upload(a, PHOTO);
    const before = await creditsUsed(alice.id);
    const events = followEvents(a, id, alice.headers);
    await events.opened;
    const answer = alice.process(a, id);
    // The first worker dies mid-job; the second takes the job over and dies too.
    for (let i = 0; i < 2; i++) {
      const victim = await waitUntilStarted(id);
      victim.child.kill('SIGKILL');
      await victim.exited;
      cluster.workers = cluster.workers.filter((w) => w !== victim);
      await sleep(200);
    }
    // A new worker's stall check finds the job dead twice and fails it.
    cluster.workers.push(await cluster.startWorker());
    const told = await answer;
    expect(told.status).toBe(503);
    expect(told.body).toMatchObject({
      error: {
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/worker running it stopped.*credit was returned/),
      },
    });
    expect(await row(id)).toMatchObject({ status: 'failed' });
    expect(await creditsUsed(alice.id)).toBe(before);
    expect(await usageOf(id)).toBe(0);
    expect((await events.done).at(-1)).toMatchObject({ status: 'failed' });
  });
});

interface StreamEvent {
  status: string;
  percent: number;
  message: string;
}

/** Follows an image's event stream until it ends with completed or failed. */
function followEvents(web: Web, imageId: string, headers: Record<string, string>) {
  let opened!: () => void;
  const openedPromise = new Promise<void>((r) => (opened = r));
  const done = (async () => {
    const response = await fetch(`${web.url}/api/process/${imageId}/events`, { headers });
    opened();
    const events: StreamEvent[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as StreamEvent;
        events.push(event);
        if (event.status === 'completed' || event.status === 'failed') return events;
      }
    }
    return events;
  })();
  return { opened: openedPromise, done };
}
