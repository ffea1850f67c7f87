import { describe, expect, it } from 'vitest';
import type { ProcessImageJob } from './job-names';
import { createInProcessQueue } from './in-process.queue';

const job = (imageId: string): ProcessImageJob => ({
  imageId,
  userId: 'u',
  mode: 'image-upscale',
  plan: 'free',
  workingKey: 'k',
  originalKey: 'k',
  maskKey: null,
  brush: 'erase',
  prompt: null,
  options: {},
  startedAt: '2026-11-23T12:00:00.000Z',
  creditTakenAt: '2026-11-23T12:00:00.000Z',
});

describe('in-process queue', () => {
  it('runs the lowest priority number first once a slot frees, and reports progress', async () => {
    const sut = createInProcessQueue({ concurrency: 1 });
    const order: string[] = [];
    const progress: string[] = [];
    sut.onProgress((e) => progress.push(`${e.key}:${e.fraction}`));
    sut.process({
      'process-image': async (data, ctx) => {
        order.push(data.imageId);
        ctx.progress(0.5);
        await new Promise((r) => setTimeout(r, 10));
        return { resultKey: `r-${data.imageId}`, mime: 'image/png', width: 1, height: 1, providerId: 'test' };
      },
    });
    const first = sut.run('process-image', job('first'), { priority: 10, progressKey: 'first' });
    const free = sut.run('process-image', job('free'), { priority: 10, progressKey: 'free' });
    const paid = sut.run('process-image', job('paid'), { priority: 1, progressKey: 'paid' });
    const results = await Promise.all([first, free, paid]);
    expect(order).toEqual(['first', 'paid', 'free']);
    expect(results.map((r) => r.resultKey)).toEqual(['r-first', 'r-free', 'r-paid']);
    expect(progress).toEqual(['first:0.5', 'paid:0.5', 'free:0.5']);
  });

  it('runs up to the concurrency at once and passes failures to the caller', async () => {
    const sut = createInProcessQueue({ concurrency: 2 });
    let active = 0;
    let peak = 0;
    sut.process({
      'process-image': async (data) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 20));
        active--;
        if (data.imageId === 'bad') throw new Error('engine broke');
        return { resultKey: 'r', mime: 'image/png', width: 1, height: 1, providerId: 'test' };
      },
    });
    const runs = ['a', 'bad', 'c', 'd'].map((id) =>
      sut.run('process-image', job(id), { priority: 1, progressKey: id }).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(runs)).toEqual(['ok', 'engine broke', 'ok', 'ok']);
    expect(peak).toBe(2);
  });

  it('refuses waiting jobs when closed', async () => {
    const sut = createInProcessQueue({ concurrency: 1 });
    const waiting = sut.run('process-image', job('x'), { priority: 1, progressKey: 'x' });
    await sut.close();
    await expect(waiting).rejects.toThrow(/shutting down/);
  });
});
