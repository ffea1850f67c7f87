import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../e2e/support/app-server';
import { sleep } from './cluster';

export interface PrivateRedis {
  url: string;
  /** Stops Redis the way an operator or an orchestrator does (SIGTERM); its append-only file keeps the data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  remove(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free loopback port, so a test can stop and restart it without touching
 * the Redis the rest of the machine uses. Append-only, as a deployment that keeps its queue across restarts is.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--save',
    '',
  ];
  const running = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', args, { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const up = await new Promise<boolean>((resolve) => {
          const socket = createConnection({ host: '127.0.0.1', port }, () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        });
        if (up) return;
        await sleep(100);
      }
      throw new Error('redis-server did not start');
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async remove() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await running.start();
  return running;
}
