import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../lib/logger';

const FIREBASE_BIN = fileURLToPath(new URL('../../../node_modules/.bin/firebase', import.meta.url));

export interface RunningEmulator {
  host: string;
  url: string;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  projectId: string;
  port: number;
  /** Accounts are imported from and exported to this folder, so they survive a restart. */
  dataDir: string;
  log: Logger;
}

/**
 * Starts the Firebase Auth emulator from firebase-tools on loopback (it runs offline) and waits until it answers.
 * Used when no Firebase project is configured, so `npm start` gives a working sign-in with no setup.
 */
export async function startAuthEmulator({
  projectId,
  port,
  dataDir,
  log,
}: EmulatorOptions): Promise<RunningEmulator> {
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  if (await answers(url)) {
    log.info({ url }, 'using the Firebase Auth emulator already running');
    return { host, url, stop: async () => {} };
  }
  const workDir = path.join(dataDir, 'firebase-emulator');
  const accountsDir = path.join(workDir, 'accounts');
  mkdirSync(accountsDir, { recursive: true });
  // The hub and logging emulators start too; logging's port is not moved when taken, so both get free ones.
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: await freePort() },
    logging: { host: '127.0.0.1', port: await freePort() },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify({ emulators }));
  const metadata = path.join(accountsDir, 'firebase-export-metadata.json');
  // --import needs the metadata file; after the first run the emulator's own export writes it.
  if (!existsSync(metadata)) writeFileSync(metadata, '{}');
  const child = spawn(
    FIREBASE_BIN,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      `--import=${accountsDir}`,
      '--export-on-exit',
    ],
    {
      cwd: workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // TMPDIR keeps the hub's locator file private, so several emulators can run side by side.
      env: { ...process.env, CI: 'true', TMPDIR: workDir, NO_UPDATE_NOTIFIER: '1' },
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const deadline = Date.now() + 150_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      kill(child);
      throw new Error(`The Firebase Auth emulator did not start:\n${output.join('').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log.info({ url, projectId }, 'Firebase Auth emulator started');
  return { host, url, stop: () => stop(child) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** SIGINT lets the emulator export its accounts before it exits. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  kill(child, 'SIGINT');
  const timer = setTimeout(() => kill(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
