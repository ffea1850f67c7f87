import type { TaskContext } from './task-types';

/** Sums a buffer in the worker: the pool's own health check and test subject. */
export default function echo(payload: { data: Uint8Array; delayMs?: number }, ctx: TaskContext) {
  let sum = 0;
  for (const v of payload.data) sum += v;
  ctx.progress(1, 'summed');
  const until = Date.now() + (payload.delayMs ?? 0);
  while (Date.now() < until) {
    // busy-wait on purpose: proves the main thread stays free
  }
  return { sum, threadId: process.pid };
}
