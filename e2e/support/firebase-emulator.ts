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
 * own firebase.json (free ports for auth, the emulator hub and the logging emulator; no Emulator UI) and is its
 * TMPDIR, so the hub locator file and debug log stay out of the repository and several emulators (parallel tests,
 * a running dev server) can live side by side.
 * A `demo-` project id needs no credentials and never calls Google.
 * Start-up takes 15 s on an idle 2-core machine and up to a minute under load: the emulator compiles its OpenAPI
 * schemas (ajv) before it answers, 10-15 s of CPU. The default timeout is 120 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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
  // The hub and the logging emulator start too; logging's default port (4500) is not moved when taken, and a second
  // emulator on the machine then dies with EADDRINUSE, so both get free ports of their own.
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: await findFreePort() },
    logging: { host: '127.0.0.1', port: await findFreePort() },
    ui: { enabled: false },
  };
  await writeFile(join(workDir, 'firebase.json'), JSON.stringify({ emulators }));

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

  // The group is detached, so it would outlive a test run that ends without calling stop().
  const cleanUpOnExit = () => {
    signalGroup(child, 'SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  };
  process.once('exit', cleanUpOnExit);

  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const stop = async () => {
    process.off('exit', cleanUpOnExit);
    await killGroup(child, exited);
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady({
      url,
      exited,
      timeoutMs,
      isOurs: () => hubLocatorPid(workDir, projectId) === child.pid,
    });
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

/**
 * Ready means: the port answers as an Auth emulator, and it is this child's. firebase-tools checks its ports before
 * it starts the emulator hub, and the hub then writes a locator file with its pid into TMPDIR (our private folder);
 * without this check an emulator already on the port would pass for ours while ours exits with "port taken".
 */
async function waitUntilReady(args: {
  url: string;
  exited: Promise<number | null>;
  timeoutMs: number;
  isOurs: () => boolean;
}): Promise<void> {
  const deadline = Date.now() + args.timeoutMs;
  let exitCode: number | null | undefined;
  void args.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`Auth emulator exited with code ${exitCode} before it was ready`);
    if (args.isOurs()) {
      try {
        const response = await fetch(args.url, { signal: AbortSignal.timeout(2000) });
        const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
        if (body.authEmulator?.ready) return;
      } catch {
        // Not listening yet.
      }
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`Auth emulator did not answer at ${args.url} within ${args.timeoutMs} ms`);
}

function hubLocatorPid(workDir: string, projectId: string): number | undefined {
  try {
    const locator = JSON.parse(readFileSync(join(workDir, `hub-${projectId}.json`), 'utf8')) as {
      pid?: number;
    };
    return locator.pid;
  } catch {
    return undefined;
  }
}

async function killGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  // firebase-tools may leave helpers behind after its own exit; the group is ended either way.
  signalGroup(child, 'SIGKILL');
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

// Ports handed out by this process, so emulators started side by side never get the same one.
const handedOut = new Set<number>();

async function findFreePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((done, fail) => {
      const server = createServer();
      server.once('error', fail);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => done(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
