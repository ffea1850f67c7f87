/**
 * Starts and stops the Firebase Auth emulator (firebase-tools, runs offline) for browser tests.
 *
 *   const emulator = await startAuthEmulator({ port: 9099 });   // port optional: a free one is picked
 *   emulator.host        // '127.0.0.1:9099', the value for FIREBASE_AUTH_EMULATOR_HOST
 *   emulator.url         // 'http://127.0.0.1:9099', for connectAuthEmulator(auth, url)
 *   await emulator.clearAccounts();                              // forget every account of the project
 *   await emulator.stop();                                       // ends the whole process group
 *
 * It runs `firebase emulators:start --only auth --project demo-cleanup` in a private temporary folder that holds its
 * own firebase.json (the port, no Emulator UI) and is its TMPDIR, so the emulator's hub locator file and debug log
 * stay out of the repository and several emulators (tests, a running dev server) can live side by side.
 * A `demo-` project id needs no credentials and never calls Google.
 * Start-up takes about 15-30 s on a shared 2-core machine: firebase-tools is large to load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_PROJECT_ID = 'demo-cleanup';

export type AuthEmulator = {
  readonly projectId: string;
  readonly port: number;
  readonly host: string;
  readonly url: string;
  clearAccounts(): Promise<void>;
  stop(): Promise<void>;
};

export type StartAuthEmulatorOptions = {
  port?: number;
  projectId?: string;
  timeoutMs?: number;
};

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const FIREBASE_BIN = join(REPO_ROOT, 'node_modules/.bin/firebase');
const OUTPUT_TAIL_CHARS = 4000;

export async function startAuthEmulator(options: StartAuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const port = options.port ?? (await findFreePort());
  const timeoutMs = options.timeoutMs ?? 120_000;
  const workDir = await mkdtemp(join(tmpdir(), 'auth-emulator-'));
  await writeFile(
    join(workDir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false } } }),
  );

  let output = '';
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: workDir,
    // A process group of its own, so stop() also ends whatever firebase-tools started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // CI skips firebase-tools' message-of-the-day fetch, which cannot succeed offline.
    env: { ...process.env, TMPDIR: workDir, CI: process.env.CI ?? 'true', NO_UPDATE_NOTIFIER: '1' },
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const stop = async () => {
    await killGroup(child, exited);
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, exited, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- firebase emulators:start output ---\n${output}`);
  }

  return {
    projectId,
    port,
    host,
    url,
    async clearAccounts() {
      const response = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
      if (!response.ok) throw new Error(`Auth emulator refused to clear accounts: HTTP ${response.status}`);
    },
    stop,
  };
}

async function waitUntilReady(url: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`Auth emulator exited with code ${exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
      if (body.authEmulator?.ready) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`Auth emulator did not answer at ${url} within ${timeoutMs} ms`);
}

async function killGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  // firebase-tools may leave helpers behind after its own exit; the group is ended either way.
  signalGroup('SIGKILL');
}

function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
