import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Nice values of every thread of a child process that lowered its priority, then started a worker thread. */
function threadNicesAfter(nice: number): number[] {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    import { lowerPriority } from './server/src/lib/priority.ts';
    lowerPriority(${nice});
    const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
    worker.on('online', () => {
      const nices = readdirSync('/proc/self/task').map(
        (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]),
      );
      console.log(JSON.stringify(nices));
      process.exit(0);
    });
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out) as number[];
}

describe.runIf(process.platform === 'linux')('lowerPriority', () => {
  it('sets every running thread and the threads started afterwards', () => {
    const nices = threadNicesAfter(7);
    // The main thread, V8's and libuv's helpers, and the worker thread with its own helpers.
    expect(nices.length).toBeGreaterThan(4);
    expect(new Set(nices)).toEqual(new Set([7]));
  });
});
