import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectRequestSchema } from '@common/schemas/select';
import { fakeData, memoryStorage } from '../../test/support/fake-data';
import type { UserRow } from '../db/schema';
import { decodeMaskPng } from '../lib/image/mask';
import { silentLogger } from '../lib/logger';
import type { Selection, TapSelector } from '../models/sam';
import { createImagesService } from './images.service';
import { createSelectionService } from './selection.service';

const IMAGE = '00000000-0000-4000-8000-000000000001';
const request = (raw: object) => selectRequestSchema.parse(raw);

/** A selector that selects the photo's left half, or nothing. */
function fakeSelector(
  area = 1,
): TapSelector & { select: ReturnType<typeof vi.fn>; warm: ReturnType<typeof vi.fn> } {
  return {
    select: vi.fn(async (photo): Promise<Selection> => {
      const bits = new Uint8Array(photo.width * photo.height);
      for (let i = 0; i < bits.length; i++) bits[i] = area && i % photo.width < photo.width / 2 ? 1 : 0;
      const choice = { index: 1, iou: 0.9, stability: 0.95, area };
      return {
        mask: { bits, width: photo.width, height: photo.height },
        area,
        choice,
        encodeMs: null,
        decodeMs: 1,
        postMs: 1,
      };
    }),
    warm: vi.fn(async () => true),
  };
}

describe('tap to select', () => {
  let fake: ReturnType<typeof fakeData>;
  let alice: UserRow;
  let bob: UserRow;
  const make = (selector: TapSelector | undefined) =>
    createSelectionService({
      images: createImagesService({ images: fake.data.images as never, storage: memoryStorage() }),
      selector,
      log: silentLogger,
    });

  beforeEach(() => {
    fake = fakeData();
    alice = fake.addUser('alice');
    bob = fake.addUser('bob');
    fake.addImage({ id: IMAGE, userId: 'alice', width: 40, height: 30 });
  });

  it("answers the selection as a black and white PNG at the photo's size, keyed by id and size", async () => {
    const selector = fakeSelector();
    const png = await make(selector).select(alice, IMAGE, request({ points: [{ x: 5, y: 5, label: 1 }] }));
    const mask = await decodeMaskPng(png, 40, 30);
    expect(mask.bits[0]).toBe(1);
    expect(mask.bits[39]).toBe(0);
    expect(selector.select.mock.calls[0][0]).toMatchObject({ key: `${IMAGE}:40x30`, width: 40, height: 30 });
  });

  it("refuses another person's photo as not found", async () => {
    await expect(
      make(fakeSelector()).select(bob, IMAGE, request({ points: [{ x: 5, y: 5, label: 1 }] })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names the tap or the box that is off the photo, before any model runs', async () => {
    const selector = fakeSelector();
    const sut = make(selector);
    const points = [
      { x: 5, y: 5, label: 1 },
      { x: 40, y: 10, label: 0 },
    ];
    await expect(sut.select(alice, IMAGE, request({ points }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Tap 2 (40, 10) is outside the photo, which is 40 x 30 pixels. Tap on the photo itself.',
    });
    const box = { x: 10, y: 10, width: 31, height: 5 };
    await expect(
      sut.select(alice, IMAGE, request({ points: [{ x: 5, y: 5, label: 1 }], box })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/box reaches outside/) });
    expect(selector.select).not.toHaveBeenCalled();
  });

  it('says so when nothing could be selected, and when the server has no selector', async () => {
    const tap = request({ points: [{ x: 5, y: 5, label: 1 }] });
    await expect(make(fakeSelector(0)).select(alice, IMAGE, tap)).rejects.toMatchObject({
      code: 'NOTHING_TO_DO',
    });
    await expect(make(undefined).select(alice, IMAGE, tap)).rejects.toMatchObject({
      code: 'MODE_NOT_AVAILABLE',
    });
  });

  it('encodes uploads for the removal modes in the background, and no others', async () => {
    const selector = fakeSelector();
    const sut = make(selector);
    sut.warmUp(alice, { id: IMAGE, editingMode: 'image-upscale' });
    sut.warmUp(alice, { id: IMAGE, editingMode: 'object-removal' });
    await vi.waitFor(() => expect(selector.warm).toHaveBeenCalledTimes(1));
    expect(selector.warm.mock.calls[0][0]).toMatchObject({ key: `${IMAGE}:40x30` });
  });
});
