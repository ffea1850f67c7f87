/**
 * Runs the real app as `npm start` does (production mode, the compiled server and the built client), on a free
 * port with a throw-away data folder, so its PGlite database and image storage start fresh; it signs in through
 * the run's one Auth emulator (shared-emulator.global.ts), whose accounts are cleared first.
 *
 *   const app = await startApp();   // the run's global set-up built dist/ and started the emulator
 *   app.url                         // 'http://127.0.0.1:PORT'
 *   await app.stop();
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { TEST_PROJECT_ID } from '../../server/test/support/emulator.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningApp {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on now (loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const emulatorPort = inject('authEmulatorPort');
  const cleared = await fetch(
    `http://127.0.0.1:${emulatorPort}/emulator/v1/projects/${TEST_PROJECT_ID}/accounts`,
    { method: 'DELETE' },
  );
  if (!cleared.ok) throw new Error(`the Auth emulator kept its accounts: HTTP ${cleared.status}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'app-e2e-'));
  const port = await freePort();
  // The compiled server, as `npm start` runs it (server/test/support/build-if-stale.global.ts built it
  // from the current sources).
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Each test's first edit loads what it uses; a warm-up would queue it behind every mode's models.
      WARM_UP_MODELS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited:\n${output.join('').slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not start:\n${output.join('').slice(-3000)}`);
    }
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
