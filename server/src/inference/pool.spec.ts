import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from './pool';

describe('worker pool', () => {
  const sut = createWorkerPool({ threads: 1 });
  afterAll(() => sut.close());

  it('runs a task in a worker thread and reports progress', async () => {
    const progress: number[] = [];
    const result = await sut.run(
      'echo',
      { data: new Uint8Array([1, 2, 3, 250]) },
      { onProgress: (f) => progress.push(f) },
    );
    expect(result.sum).toBe(256);
    await new Promise((r) => setTimeout(r, 20));
    expect(progress).toEqual([1]);
  });

  it('leaves the event loop free while a task runs', async () => {
    const started = Date.now();
    const job = sut.run('echo', { data: new Uint8Array(1), delayMs: 300 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await job;
    clearInterval(timer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ticks).toBeGreaterThan(10);
  });

  it("stops a task with the caller's reason, not the pool's own words", async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('time limit reached')), 50);
    await expect(
      sut.run('echo', { data: new Uint8Array(1), delayMs: 2000 }, { signal: stop.signal }),
    ).rejects.toThrow('time limit reached');
  });
});
