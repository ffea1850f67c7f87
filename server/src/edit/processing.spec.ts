import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processRequestSchema, type ProgressEventBody } from '@common/schemas/process';
import { fakeData, memoryStorage } from '../../test/support/fake-data';
import { testEngines } from '../../test/support/test-engines';
import { createInProcessQueue } from '../jobs/in-process.queue';
import type { Queue } from '../jobs/queue';
import { silentLogger } from '../lib/logger';
import { createCreditsService } from '../services/credits.service';
import { createEditJob, createProcessingService } from './processing';
import { createEditSettlement } from './settle';
import { createEditSubmission } from './submit';

const NOW = new Date('2026-11-23T12:00:00Z');
const IMAGE = '00000000-0000-4000-8000-000000000001';
const ORIGINAL = `users/alice/${IMAGE}/original.png`;
const upscale = processRequestSchema.parse({ options: { scale: 2 } });

/** One edit from request to result on the in-process queue, with the real handler and small real engines. */
describe('processing an edit', () => {
  let fake: ReturnType<typeof fakeData>;
  let storage: ReturnType<typeof memoryStorage>;
  let queue: Queue;
  let sut: ReturnType<typeof createProcessingService>;
  let events: ProgressEventBody[];
  const alice = () => fake.users.get('alice')!;

  beforeEach(async () => {
    fake = fakeData();
    storage = memoryStorage();
    queue = createInProcessQueue({ concurrency: 1 });
    const engines = testEngines();
    const credits = createCreditsService({ clock: { now: () => NOW } });
    const settlement = createEditSettlement({
      data: fake.data,
      storage,
      credits,
      clock: { now: () => NOW },
      log: silentLogger,
    });
    sut = createProcessingService({
      submission: createEditSubmission({ data: fake.data, storage, engines, credits }),
      settlement,
      queue,
      engines,
    });
    queue.process({
      'process-image': createEditJob({
        run: { storage, engines, log: silentLogger, providerTimeoutMs: 10_000 },
        settlement,
      }),
    });
    fake.addUser('alice', 'monthly', NOW);
    fake.addImage({ id: IMAGE, userId: 'alice', editingMode: 'image-upscale', originalKey: ORIGINAL });
    const photo = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } });
    await storage.put(ORIGINAL, await photo.png().toBuffer());
    events = [];
    sut.subscribe(IMAGE, (event) => events.push(event));
  });

  afterEach(() => queue.close());

  it('submits, runs and settles in order: the result stored and recorded, one credit spent', async () => {
    const answer = await sut.process(alice(), IMAGE, upscale);
    expect(answer).toMatchObject({ width: 80, height: 60, providerId: 'test-resize' });
    const row = fake.images.get(IMAGE)!;
    expect(row).toMatchObject({ status: 'completed', resultWidth: 80, providerId: 'test-resize' });
    expect(storage.files.has(row.resultKey!)).toBe(true);
    expect(alice().creditsUsed).toBe(1);
    expect(fake.usage).toHaveLength(1);
    const statuses = events.map((e) => e.status);
    expect(statuses[0]).toBe('queued');
    expect(statuses).toContain('processing');
    expect(statuses.at(-1)).toBe('completed');
  });

  it('fails an edit whose engine fails: the row failed, the credit back, the person told', async () => {
    fake.images.set(IMAGE, { ...fake.images.get(IMAGE)!, editingMode: 'background-removal' });
    const failure = sut.process(alice(), IMAGE, { ...upscale, options: {} });
    await expect(failure).rejects.toMatchObject({ code: 'ENGINE_FAILED' });
    expect(fake.images.get(IMAGE)!.status).toBe('failed');
    expect(alice().creditsUsed).toBe(0);
    expect([...storage.files.keys()]).toEqual([ORIGINAL]);
    expect(events.at(-1)).toMatchObject({ status: 'failed', message: expect.stringMatching(/credit/) });
  });

  it('settles a job the queue never ran: the row failed, the credit back', async () => {
    await queue.close();
    await expect(sut.process(alice(), IMAGE, upscale)).rejects.toMatchObject({ code: 'ENGINE_FAILED' });
    expect(fake.images.get(IMAGE)!.status).toBe('failed');
    expect(alice().creditsUsed).toBe(0);
  });

  it('gives a batch’s credit back when the submission is refused', async () => {
    fake.images.set(IMAGE, { ...fake.images.get(IMAGE)!, status: 'processing' });
    fake.users.set('alice', { ...alice(), creditsUsed: 1 });
    const held = { takenAt: NOW };
    await expect(sut.process(alice(), IMAGE, upscale, held)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(alice().creditsUsed).toBe(0);
  });

  it('settles an edit whose result the caller makes, or fails it with the credit back', async () => {
    const own = await sut.submitOwn(alice(), IMAGE, upscale);
    const key = `users/alice/${IMAGE}/result-abc.png`;
    const answer = await own.finish(async () => {
      await storage.put(key, Buffer.from('made by the batch'));
      return { resultKey: key, mime: 'image/png', width: 40, height: 30, providerId: 'same-mark' };
    });
    expect(answer).toMatchObject({ providerId: 'same-mark', credits: { remaining: expect.any(Number) } });
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'completed', resultKey: key });

    const again = await sut.submitOwn(alice(), IMAGE, upscale);
    expect(alice().creditsUsed).toBe(2);
    await expect(again.finish(() => Promise.reject(new Error('no common mark')))).rejects.toMatchObject({
      code: 'ENGINE_FAILED',
    });
    expect(fake.images.get(IMAGE)!.status).toBe('failed');
    expect(alice().creditsUsed).toBe(1);
    expect(events.at(-1)).toMatchObject({ status: 'failed' });
  });
});
