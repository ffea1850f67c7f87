/*
 * Redis going away and coming back under a web server and a worker started as processes, on a redis-server of
 * the test's own (the machine's shared Redis is never stopped). Runs when TEST_DATABASE_URL and TEST_REDIS_URL
 * are set, as the other process tests do.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startCluster, type Cluster, type Person, type Web } from '../support/cluster';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis';

const postgresUrl = process.env.TEST_DATABASE_URL;
const PHOTO = readFileSync(fileURLToPath(new URL('../fixtures/upscale/coffee-192x128.png', import.meta.url)));

describe.skipIf(!postgresUrl || !process.env.TEST_REDIS_URL)('Redis restarted under the running app', () => {
  let redis: PrivateRedis;
  let cluster: Cluster;
  let web: Web;
  let bob: Person;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    cluster = await startCluster({ redisUrl: redis.url, postgresUrl: postgresUrl!, webs: 1, workers: 1 });
    [web] = cluster.webs;
    bob = await cluster.signUp('bob@example.com', 'monthly');
  });
  afterAll(async () => {
    await cluster?.stop();
    await redis?.remove();
  });

  const creditsUsed = async () =>
    (await cluster.db.query('select credits_used from users where id = $1', [bob.id])).rows[0]
      .credits_used as number;

  it('answers 503 while Redis is away, spends no credit, and recovers by itself', async () => {
    const [warm, during, after] = await Promise.all([1, 2, 3].map(() => bob.upload(web, PHOTO)));
    expect((await bob.process(web, warm)).status).toBe(200);
    const spent = await creditsUsed();

    await redis.stop();
    const ready = await fetch(`${web.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { redis: 'down', database: 'up', storage: 'up' } });
    const refused = await bob.process(web, during);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      error: {
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/briefly unavailable.*credit was returned/),
      },
    });
    expect(await creditsUsed()).toBe(spent);
    // What needs no queue goes on.
    expect((await fetch(`${web.url}/api/credits`, { headers: bob.headers })).status).toBe(200);

    await redis.start();
    for (let i = 0; i < 100 && (await fetch(`${web.url}/readyz`)).status !== 200; i++) await sleep(200);
    expect((await fetch(`${web.url}/readyz`)).status).toBe(200);
    expect((await bob.process(web, during)).status).toBe(200);
    expect((await bob.process(web, after)).status).toBe(200);
    expect(await creditsUsed()).toBe(spent + 2);
  });

  it('finishes a job that was under way when Redis restarted', async () => {
    const id = await bob.upload(web, PHOTO);
    const spent = await creditsUsed();
    const answer = bob.process(web, id);
    await cluster.workers[0].waitFor(new RegExp(`"jobId":"${id}\\.`));
    await redis.stop();
    await sleep(500);
    await redis.start();
    const done = await answer;
    expect(done.status).toBe(200);
    expect(await creditsUsed()).toBe(spent + 1);
    const usage = await cluster.db.query('select count(*) from usage_records where image_id = $1', [id]);
    expect(Number(usage.rows[0].count)).toBe(1);
  });
});
