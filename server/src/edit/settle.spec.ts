import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMITS } from '@common/plans';
import { fakeData, memoryStorage } from '../../test/support/fake-data';
import type { ProcessImageJob } from '../jobs/job-names';
import { AppError } from '../lib/errors';
import { silentLogger } from '../lib/logger';
import { createCreditsService } from '../services/credits.service';
import { createEditSettlement } from './settle';

const NOW = new Date('2026-11-23T12:00:00Z');
const IMAGE = '00000000-0000-4000-8000-000000000001';
const RESULT = `users/alice/${IMAGE}/result-a1b2c3.png`;

describe('settling an edit', () => {
  let fake: ReturnType<typeof fakeData>;
  let storage: ReturnType<typeof memoryStorage>;
  let sut: ReturnType<typeof createEditSettlement>;
  let job: ProcessImageJob;

  beforeEach(() => {
    fake = fakeData();
    storage = memoryStorage();
    sut = createEditSettlement({
      data: fake.data,
      storage,
      credits: createCreditsService({ clock: { now: () => NOW } }),
      clock: { now: () => NOW },
      log: silentLogger,
    });
    fake.addUser('alice', 'monthly', NOW);
    fake.users.set('alice', { ...fake.users.get('alice')!, creditsUsed: 1 });
    fake.addImage({ id: IMAGE, userId: 'alice', status: 'processing', updatedAt: NOW });
    job = {
      imageId: IMAGE,
      userId: 'alice',
      mode: 'object-removal',
      plan: 'monthly',
      workingKey: `users/alice/${IMAGE}/original.jpg`,
      originalKey: `users/alice/${IMAGE}/original.jpg`,
      maskKey: null,
      brush: 'erase',
      prompt: null,
      options: {},
      startedAt: NOW.toISOString(),
      creditTakenAt: NOW.toISOString(),
    };
  });

  const result = {
    resultKey: RESULT,
    mime: 'image/png',
    width: 80,
    height: 60,
    providerId: 'local-patchmatch',
    steps: [{ kind: 'remove-object' as const, description: 'Removed the cup' }],
  };

  it('records the result and its use, keeps the credit spent and answers the result’s addresses', async () => {
    expect(await sut.complete(job, result)).toEqual(result);
    const answer = await sut.respond(job, result);
    expect(fake.images.get(IMAGE)).toMatchObject({
      status: 'completed',
      resultKey: RESULT,
      resultWidth: 80,
      resultHeight: 60,
      providerId: 'local-patchmatch',
    });
    expect(fake.usage).toEqual([{ userId: 'alice', imageId: IMAGE, editingMode: 'object-removal' }]);
    expect(answer).toMatchObject({
      processedPath: `/api/images/${IMAGE}/result?v=a1b2c3`,
      downloadPath: `/api/images/${IMAGE}/result?v=a1b2c3&download=1`,
      width: 80,
      steps: [{ description: 'Removed the cup' }],
      credits: { remaining: PLAN_LIMITS.monthly.creditsPerPeriod - 1 },
    });
  });

  it('undoes a failure: the row failed with a message, the credit back, the written result removed', async () => {
    await storage.put(RESULT, Buffer.from('half'));
    const told = await sut.fail(job, new Error('onnxruntime: out of memory'), RESULT);
    expect(told).toBeInstanceOf(AppError);
    expect(told.code).toBe('ENGINE_FAILED');
    expect(told.message).toBe('We could not process this image. Your credit was returned; please try again.');
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'failed', errorMessage: told.message });
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
    expect(storage.files.size).toBe(0);
    expect(fake.usage).toEqual([]);
  });

  it('gives the credit back once the database returns when it was away for the failure too', async () => {
    vi.useFakeTimers();
    try {
      const transaction = fake.data.transaction.bind(fake.data);
      let away = 2;
      fake.data.transaction = (work) =>
        away-- > 0
          ? Promise.reject(
              Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
            )
          : transaction(work);
      const told = await sut.fail(job, new Error('Connection terminated unexpectedly'));
      expect(told.code).toBe('UNAVAILABLE');
      expect(fake.images.get(IMAGE)!.status).toBe('processing');
      expect(fake.users.get('alice')!.creditsUsed).toBe(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fake.images.get(IMAGE)).toMatchObject({ status: 'failed' });
      expect(fake.users.get('alice')!.creditsUsed).toBe(0);
    } finally {
      sut.close();
      vi.useRealTimers();
    }
  });

  it('passes on a message meant for the person as it is', async () => {
    const told = await sut.fail(job, new AppError('NOTHING_TO_DO', "I couldn't find a dog in this photo."));
    expect(told.code).toBe('NOTHING_TO_DO');
    expect(fake.images.get(IMAGE)!.errorMessage).toBe("I couldn't find a dog in this photo.");
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });

  it('settles an edit once: a second run keeps the first result, a late failure changes nothing', async () => {
    await storage.put(RESULT, Buffer.from('first'));
    await sut.complete(job, result);
    const again = { ...result, resultKey: `users/alice/${IMAGE}/result-d4e5f6.png` };
    await storage.put(again.resultKey, Buffer.from('second'));
    expect(await sut.complete(job, again)).toMatchObject({ resultKey: RESULT, width: 80 });
    expect([...storage.files.keys()]).toEqual([RESULT]);
    await sut.fail(job, new Error('worker stopped'));
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'completed', resultKey: RESULT });
    expect(fake.users.get('alice')!.creditsUsed).toBe(1);
    expect(fake.usage).toHaveLength(1);
  });

  it('refunds a failure once, however often it is reported', async () => {
    fake.users.set('alice', { ...fake.users.get('alice')!, creditsUsed: 2 });
    await sut.fail(job, new Error('worker stopped'));
    await sut.fail(job, new Error('worker stopped'));
    expect(fake.users.get('alice')!.creditsUsed).toBe(1);
  });

  it('leaves a newer processing of the same image alone', async () => {
    fake.images.set(IMAGE, { ...fake.images.get(IMAGE)!, updatedAt: new Date(NOW.getTime() + 5000) });
    await sut.fail(job, new Error('late'));
    expect(fake.images.get(IMAGE)!.status).toBe('processing');
    await expect(sut.complete(job, result)).rejects.toThrow(/replaced by a newer one/);
  });

  const writes = (bytes: string) => async () => {
    await storage.put(RESULT, Buffer.from(bytes));
    return result;
  };
  const connectionLost = () =>
    Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

  it('settles an attempt where it ran: recorded, the credit spent', async () => {
    expect(await sut.settle(job, writes('pixels'), { lastAttempt: false })).toEqual(result);
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'completed', resultKey: RESULT });
    expect(fake.users.get('alice')!.creditsUsed).toBe(1);
  });

  it('leaves a passing failure to the next attempt: its file removed, the row and the credit untouched', async () => {
    const transaction = fake.data.transaction.bind(fake.data);
    fake.data.transaction = () => Promise.reject(connectionLost());
    await expect(sut.settle(job, writes('pixels'), { lastAttempt: false })).rejects.toThrow(/terminated/);
    expect(storage.files.size).toBe(0);
    expect(fake.images.get(IMAGE)!.status).toBe('processing');
    expect(fake.users.get('alice')!.creditsUsed).toBe(1);
    fake.data.transaction = transaction;
    expect(await sut.settle(job, writes('again'), { lastAttempt: true })).toEqual(result);
    expect(fake.images.get(IMAGE)!.status).toBe('completed');
  });

  it('fails the last attempt: the row failed, the credit back, the person told', async () => {
    const told = sut.settle(job, () => Promise.reject(new Error('model crashed')), { lastAttempt: true });
    await expect(told).rejects.toMatchObject({ code: 'ENGINE_FAILED' });
    expect(fake.images.get(IMAGE)!.status).toBe('failed');
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });

  it('fails at once a failure meant for the person, however many attempts are left', async () => {
    const nothing = new AppError('NOTHING_TO_DO', 'No watermark was found on this photo.');
    await expect(sut.settle(job, () => Promise.reject(nothing), { lastAttempt: false })).rejects.toBe(
      nothing,
    );
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'failed', errorMessage: nothing.message });
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });

  it('fails and refunds the edits a restart interrupted', async () => {
    expect(await sut.recoverInterrupted()).toBe(1);
    expect(fake.images.get(IMAGE)).toMatchObject({
      status: 'failed',
      errorMessage: expect.stringMatching(/restarted/),
    });
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });
});
