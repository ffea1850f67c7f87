/**
 * Sign-in checks at a steady pace, run as a process of its own by the scale-out bench so that its clock reads are
 * not delayed by the bench's upload loops and log pipes:
 *
 *   node --import tsx bench/lib/paced-checks.ts < plan.json   (prints the result as one JSON line)
 *
 * Each person has one keep-alive connection and checks every `intervalMs`; the people's first checks are spread
 * evenly over one interval, as a population does, instead of all firing at the same instant. A check's latency runs
 * from the moment it was due, not from when it was sent: a check held back by a slow answer or by this process's own
 * delays counts that wait (no coordinated omission). This process's event-loop delay is reported beside it.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface ChecksPlan {
  /** One target per person: the web server's URL and that person's session cookie. */
  people: { url: string; cookie: string }[];
  path: string;
  intervalMs: number;
  seconds: number;
  timeoutMs: number;
  /** Checks due in the first seconds run but go to `warmup` instead of `latencies`. */
  warmupSeconds?: number;
}

export interface ChecksResult {
  /** Milliseconds from due to answered, one per answered check after the warm-up. */
  latencies: number[];
  /** The same, for the checks due during the warm-up. */
  warmup: number[];
  /** Milliseconds from sent to answered: without the waits on this side (a slower answer before, own delays). */
  fromSent: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** This process's own event-loop delay, milliseconds. */
  loopDelay: { p50: number; p99: number; max: number };
}

/**
 * Runs the plan in a process of its own and answers its result. `onStarted` is called when the first checks are
 * due, after the process has started and read its plan, so other load can begin with the checks rather than while
 * the checking process is still starting up.
 */
export async function spawnChecks(plan: ChecksPlan, onStarted?: () => void): Promise<ChecksResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(plan));
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if (onStarted && Buffer.concat(chunks).includes(STARTED)) {
      onStarted();
      onStarted = undefined;
    }
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the checking process exited with ${String(code)}`);
  const output = Buffer.concat(chunks).toString();
  return JSON.parse(output.slice(output.indexOf(STARTED) + STARTED.length)) as ChecksResult;
}

const STARTED = 'started\n';

export async function runChecks(plan: ChecksPlan, onStart?: () => void): Promise<ChecksResult> {
  const result: ChecksResult = {
    latencies: [],
    warmup: [],
    fromSent: [],
    statuses: {},
    errors: 0,
    timeouts: 0,
    loopDelay: { p50: 0, p99: 0, max: 0 },
  };
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const start = performance.now() + 50;
  onStart?.();
  const measuredFrom = start + (plan.warmupSeconds ?? 0) * 1000;
  const end = measuredFrom + plan.seconds * 1000;
  const pending: Promise<void>[] = [];
  plan.people.forEach((person, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(plan.path, person.url);
    const check = (due: number) =>
      new Promise<void>((resolve) => {
        let timedOut = false;
        let sent = 0;
        const request = http.get(
          target,
          { agent, headers: { cookie: person.cookie }, timeout: plan.timeoutMs },
          (response) => {
            response.resume();
            response.on('end', () => {
              const now = performance.now();
              if (due < measuredFrom) {
                result.warmup.push(now - due);
              } else {
                result.latencies.push(now - due);
                result.fromSent.push(now - sent);
              }
              const code = String(response.statusCode);
              result.statuses[code] = (result.statuses[code] ?? 0) + 1;
              resolve();
            });
          },
        );
        // Sent once the connection takes it: a check queued behind the person's previous one is not sent yet.
        request.on('socket', () => (sent = performance.now()));
        request.on('timeout', () => {
          timedOut = true;
          result.timeouts++;
          request.destroy();
        });
        request.on('error', () => {
          if (!timedOut) result.errors++;
          resolve();
        });
      });
    pending.push(
      (async () => {
        const checks: Promise<void>[] = [];
        for (
          let due = start + (i * plan.intervalMs) / plan.people.length;
          due < end;
          due += plan.intervalMs
        ) {
          await waitUntil(due);
          checks.push(check(due));
        }
        await Promise.all(checks);
        agent.destroy();
      })(),
    );
  });
  await Promise.all(pending);
  loop.disable();
  const toMs = (ns: number) => ns / 1e6;
  result.loopDelay = {
    p50: toMs(loop.percentile(50)),
    p99: toMs(loop.percentile(99)),
    max: toMs(loop.max),
  };
  return result;
}

function waitUntil(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString()) as ChecksPlan;
  const result = await runChecks(plan, () => process.stdout.write(STARTED));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
