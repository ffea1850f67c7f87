/**
 * The scaled-out deployment started from processes, as compose.yaml starts it from containers: web servers
 * and workers, compiled as the image runs them (dist/server/main.js and worker.js, built before the run by
 * build-if-stale.global.ts), on one PostgreSQL database of their own, one Redis
 * key prefix of their own, s3rver on loopback for the images and one Firebase Auth emulator they all share.
 *
 *   const cluster = await startCluster({ redisUrl, postgresUrl, webs: 2, workers: 2 });
 *   const alice = await cluster.signUp('alice@example.com');
 *   await cluster.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../e2e/support/app-server';
import { createPostgresDatabase } from './databases';
import { startTestEmulator, type TestEmulator } from './emulator';
import { startS3Process, type RunningS3 } from './s3-server';
import { multipart } from './uploads';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A server or worker process with its output kept, to wait for and to read. The output goes to a file the
 * kernel writes, not through a pipe into this process: a busy server's request log (hundreds of lines a
 * second under the load bench) then costs nothing on this process's event loop, which times the requests.
 */
export class Proc {
  readonly exited: Promise<number | null>;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    private readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Everything the process has written so far, stdout and stderr. */
  get text() {
    return readFileSync(this.logFile, 'utf8');
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until the output matches. */
  async waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.text)) {
      if (!this.running) throw new Error(`${this.name} exited:\n${this.text.slice(-3000)}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name}: no ${pattern} in:\n${this.text.slice(-3000)}`);
      await sleep(100);
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.running) this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

export interface Web extends Proc {
  url: string;
}

export interface Cluster {
  webs: Web[];
  workers: Proc[];
  s3: Omit<RunningS3, 'config'>;
  emulator: TestEmulator;
  /** The cluster's own database, to count what was recorded. */
  db: pg.Pool;
  env: Record<string, string>;
  startWorker(extra?: Record<string, string>): Promise<Proc>;
  startWeb(extra?: Record<string, string>): Promise<Web>;
  /** A new account, known to the app (its row made by a first call); `plan` sets the plan in the database. */
  signUp(email: string, plan?: 'free' | 'monthly'): Promise<Person>;
  stop(): Promise<void>;
}

export interface Person {
  id: string;
  headers: { authorization: string };
  /** Uploads `data` through `web` and answers the image id. */
  upload(web: Web, data: Buffer, mode?: string): Promise<string>;
  /** POST /api/process/:id through `web`. */
  process(
    web: Web,
    imageId: string,
    body?: object,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function startCluster(options: {
  redisUrl: string;
  postgresUrl: string;
  webs: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const [s3, emulator, database] = await Promise.all([
    startS3Process(),
    startTestEmulator(await freePort()),
    createPostgresDatabase(options.postgresUrl),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    // A prefix of its own, so parallel runs on the same Redis never meet.
    REDIS_PREFIX: `t${randomUUID().slice(0, 8)}`,
    FIREBASE_AUTH_EMULATOR_PORT: String(emulator.url.split(':').pop()),
    WORKER_CONCURRENCY: '1',
    INFERENCE_THREADS: '1',
    JOB_LOCK_SECONDS: '3',
    // Each test's first edits load what they use; a warm-up would queue them behind every mode's models.
    WARM_UP_MODELS: 'false',
    ...s3.env,
    ...options.env,
  };
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  // At the end the database is dropped with its connections: one still closing may hear of it, which is no failure.
  db.on('error', () => {});
  const procs: Proc[] = [];
  const spawnNode = (name: string, file: string, extra: Record<string, string>) => {
    const logFile = path.join(dataDir, `${name.replace(/\W/g, '-')}-${procs.length}.log`);
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, [file], {
      cwd: ROOT,
      env: { ...process.env, ...env, ...extra },
      stdio: ['ignore', log, log],
    });
    // The child holds its own copy of the descriptor.
    closeSync(log);
    const proc = new Proc(name, child, logFile);
    procs.push(proc);
    return proc;
  };

  async function startWeb(extra: Record<string, string> = {}): Promise<Web> {
    const port = await freePort();
    const web = Object.assign(
      spawnNode(`web:${port}`, 'dist/server/main.js', { PORT: String(port), ...extra }),
      {
        url: `http://127.0.0.1:${port}`,
      },
    );
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${web.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (!web.running) throw new Error(`${web.name} exited:\n${web.text.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`${web.name} never became ready:\n${web.text.slice(-3000)}`);
      await sleep(200);
    }
    return web;
  }

  async function startWorker(extra: Record<string, string> = {}): Promise<Proc> {
    const worker = spawnNode(`worker${procs.length}`, 'dist/server/worker.js', extra);
    await worker.waitFor(/worker ready/, 120_000);
    return worker;
  }

  async function stop() {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await db.end();
    await Promise.allSettled([s3.stop(), emulator.stop(), database.drop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The first web process migrates the database; the rest start once it has. A process that never gets ready
  // takes the others down with it, so a failed start leaves nothing running.
  let webs: Web[];
  let workers: Proc[];
  try {
    webs = [await startWeb()];
    const more = await Promise.all([
      ...Array.from({ length: options.webs - 1 }, () => startWeb()),
      ...Array.from({ length: options.workers }, () => startWorker()),
    ]);
    webs.push(...(more.slice(0, options.webs - 1) as Web[]));
    workers = more.slice(options.webs - 1);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    webs,
    workers,
    s3,
    emulator,
    db,
    env,
    startWorker,
    startWeb,
    async signUp(email, plan = 'free') {
      const { idToken } = await emulator.signUp(email);
      const headers = { authorization: `Bearer ${idToken}` };
      const me = await fetch(`${webs[0].url}/api/auth/user`, { headers });
      if (!me.ok) throw new Error(`sign-in failed: ${me.status} ${await me.text()}`);
      const { id } = (await me.json()) as { id: string };
      if (plan !== 'free')
        await db.query('update users set subscription_tier = $1 where id = $2', [plan, id]);
      return {
        id,
        headers,
        async upload(web, data, mode = 'image-upscale') {
          const body = multipart({ editingMode: mode }, { name: 'photo.png', data, type: 'image/png' });
          const response = await fetch(`${web.url}/api/upload`, {
            method: 'POST',
            headers: { ...body.headers, ...headers },
            body: new Uint8Array(body.payload),
          });
          const answer = (await response.json()) as { id: string };
          if (response.status !== 201)
            throw new Error(`upload: ${response.status} ${JSON.stringify(answer)}`);
          return answer.id;
        },
        async process(web, imageId, body = { options: { scale: 2, quality: 'fast' } }) {
          const response = await fetch(`${web.url}/api/process/${imageId}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        },
      };
    },
    stop,
  };
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
