import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withTimeout } from './with-timeout';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('withTimeout', () => {
  it('gives up at the deadline even while garbage is collected', async () => {
    const collecting = setInterval(collectGarbage, 10);
    const started = Date.now();
    try {
      await expect(
        withTimeout(never, { signal: new AbortController().signal, timeoutMs: 200 }),
      ).rejects.toThrow('timed out after 200 ms');
    } finally {
      clearInterval(collecting);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('passes the parent abort on and answers with the result in time', async () => {
    const parent = new AbortController();
    const run = withTimeout(never, { signal: parent.signal, timeoutMs: 60_000 });
    parent.abort(new Error('job cancelled'));
    await expect(run).rejects.toThrow('job cancelled');
    const fresh = new AbortController().signal;
    await expect(withTimeout(async () => 7, { signal: fresh, timeoutMs: 10 })).resolves.toBe(7);
  });

  it('rejects at the deadline when the work ignores its signal', async () => {
    const ignoring = () => new Promise<never>(() => {});
    await expect(
      withTimeout(ignoring, { signal: new AbortController().signal, timeoutMs: 50 }),
    ).rejects.toThrow('timed out');
  });
});
