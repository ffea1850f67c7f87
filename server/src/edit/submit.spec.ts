import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { processRequestSchema } from '@common/schemas/process';
import { fakeData, memoryStorage } from '../../test/support/fake-data';
import { modeRunner, type EngineRegistry } from '../engines/mode-runner';
import { decodeMaskPng } from '../lib/image/mask';
import { createCreditsService } from '../services/credits.service';
import { createEditSubmission } from './submit';

const NOW = new Date('2026-11-23T12:00:00Z');
const IMAGE = '00000000-0000-4000-8000-000000000001';
const EARLIER = '00000000-0000-4000-8000-000000000002';

const never = { id: 'never', kind: 'local' as const, isConfigured: () => true, run: () => Promise.reject() };
const engines: EngineRegistry = {
  'object-removal': modeRunner({
    engine: { mode: 'object-removal', providers: [never] },
    optionsSchema: z.object({ grow: z.number().int().max(32).default(4) }).strict(),
    needsMask: true,
    toInput: (request) => request,
  }),
  'image-upscale': modeRunner({
    engine: { mode: 'image-upscale', providers: [never] },
    optionsSchema: z.object({ scale: z.union([z.literal(2), z.literal(4)]).default(2) }),
    toInput: (request) => request,
  }),
};

/** The editor's mask: white strokes on transparency, drawn at half the photo's resolution. */
async function maskDataUrl(width: number, height: number) {
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      { input: { create: { width: 5, height: 5, channels: 4, background: '#fff' } }, left: 2, top: 2 },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('submitting an edit', () => {
  let fake: ReturnType<typeof fakeData>;
  let storage: ReturnType<typeof memoryStorage>;
  let sut: ReturnType<typeof createEditSubmission>;
  const body = (raw: object) => processRequestSchema.parse(raw);

  beforeEach(() => {
    fake = fakeData();
    storage = memoryStorage();
    sut = createEditSubmission({
      data: fake.data,
      storage,
      engines,
      credits: createCreditsService({ clock: { now: () => NOW } }),
    });
    fake.addUser('alice', 'free', NOW);
    fake.addImage({ id: IMAGE, userId: 'alice', width: 40, height: 30 });
  });

  it('takes one credit, stores the mask at the photo size and hands the queue a job of keys', async () => {
    const alice = fake.users.get('alice')!;
    const { job, reservation } = await sut.submit(
      alice,
      IMAGE,
      body({ maskData: await maskDataUrl(20, 15) }),
    );
    expect(reservation.takenAt).toEqual(NOW);
    expect(fake.users.get('alice')!.creditsUsed).toBe(1);
    expect(fake.images.get(IMAGE)).toMatchObject({ status: 'processing', maskKey: job.maskKey });
    expect(job).toMatchObject({
      imageId: IMAGE,
      userId: 'alice',
      mode: 'object-removal',
      workingKey: `users/alice/${IMAGE}/original.jpg`,
      brush: 'erase',
      options: { grow: 4 },
    });
    const mask = await decodeMaskPng(storage.files.get(job.maskKey!)!, 40, 30);
    // A 5 x 5 stroke at half size: about 10 x 10 at full size, give or take the edge pixels.
    const marked = mask.bits.reduce((a, b) => a + b, 0);
    expect(marked).toBeGreaterThanOrEqual(100);
    expect(marked).toBeLessThanOrEqual(144);
  });

  it.each([
    ['an image of someone else', { userId: 'bob' }, true, {}, 'NOT_FOUND'],
    ['a mode without an engine here', { editingMode: 'professional-photo' }, true, {}, 'MODE_NOT_AVAILABLE'],
    ['a mask mode without a mask', {}, false, {}, 'BAD_REQUEST'],
    [
      'restore outside the mask modes',
      { editingMode: 'image-upscale' },
      false,
      { mode: 'restore' },
      'BAD_REQUEST',
    ],
    ['an unknown option', {}, true, { options: { colour: 'red' } }, 'BAD_REQUEST'],
    ['an image already being processed', { status: 'processing' }, true, {}, 'CONFLICT'],
  ] as const)('refuses %s and spends nothing', async (_case, row, withMask, raw, code) => {
    fake.addUser('bob');
    fake.addImage({ id: IMAGE, userId: 'alice', ...row });
    const maskData = withMask ? await maskDataUrl(40, 30) : null;
    const error = sut.submit(
      fake.users.get('alice')!,
      IMAGE,
      body({ maskData, isIterativeEdit: true, ...raw }),
    );
    await expect(error).rejects.toMatchObject({ code });
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
    expect(storage.files.size).toBe(0);
  });

  it('refuses a mask of another shape before any credit is taken', async () => {
    const error = sut.submit(fake.users.get('alice')!, IMAGE, body({ maskData: await maskDataUrl(30, 30) }));
    await expect(error).rejects.toMatchObject({ code: 'INVALID_MASK' });
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });

  it('leaves no mask and no processing row behind when the credits are used up', async () => {
    fake.users.set('alice', { ...fake.users.get('alice')!, creditsUsed: 1 });
    const error = sut.submit(fake.users.get('alice')!, IMAGE, body({ maskData: await maskDataUrl(40, 30) }));
    await expect(error).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(storage.files.size).toBe(0);
    expect(fake.images.get(IMAGE)!.status).toBe('pending');
  });

  it('continues from the person’s own earlier result, at that result’s size', async () => {
    fake.addImage({
      id: EARLIER,
      userId: 'alice',
      resultKey: 'users/alice/e/result-1.png',
      resultWidth: 80,
      resultHeight: 60,
    });
    const { job } = await sut.submit(
      fake.users.get('alice')!,
      IMAGE,
      body({
        maskData: await maskDataUrl(80, 60),
        isIterativeEdit: true,
        mode: 'restore',
        currentImageUrl: `https://example.com/api/images/${EARLIER}/result?v=1`,
      }),
    );
    expect(job).toMatchObject({ workingKey: 'users/alice/e/result-1.png', brush: 'restore' });
    expect((await decodeMaskPng(storage.files.get(job.maskKey!)!, 80, 60)).width).toBe(80);
  });

  it('never continues from an address that is not one of the person’s results', async () => {
    fake.addUser('bob');
    fake.addImage({ id: EARLIER, userId: 'bob', resultKey: 'users/bob/e/result-1.png' });
    for (const [url, code] of [
      [`/api/images/${EARLIER}/result`, 'NOT_FOUND'],
      ['http://169.254.169.254/latest/meta-data', 'BAD_REQUEST'],
    ] as const) {
      const error = sut.submit(
        fake.users.get('alice')!,
        IMAGE,
        body({ maskData: await maskDataUrl(40, 30), isIterativeEdit: true, currentImageUrl: url }),
      );
      await expect(error).rejects.toMatchObject({ code });
    }
    expect(fake.users.get('alice')!.creditsUsed).toBe(0);
  });
});
