import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BatchEvent } from '@common/schemas/batch';
import { findingWatermarks } from '../../src/engines/inpaint/watermark-finding';
import { modeRunner } from '../../src/engines/mode-runner';
import { offeringSameMark } from '../../src/engines/watermark-batch/same-mark-runner';
import { removeHere } from '../../src/engines/watermark-batch/same-mark-files';
import { encodePng } from '../../src/lib/image/raw-image';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { testEngines } from '../support/test-engines';
import { photo } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';
import { applyMark, drawMark, framedPhoto, markMask, psnr } from '../fixtures/watermark-batch/marked-batch';

const W = 480;
const H = 320;
const NAMES = [
  'astronaut.png',
  'chelsea.png',
  'coffee.png',
  'face-man-yawning-glasses-beard.jpg',
  'rocket.jpg',
];

/** Watermark removal composed as the app composes it; its one-photo run is not used here, its batch option runs the real estimation. */
const engines = () =>
  testEngines({
    'watermark-removal': offeringSameMark(
      findingWatermarks(
        modeRunner({
          engine: { mode: 'watermark-removal', providers: [] },
          optionsSchema: z.object({}).passthrough(),
          needsMask: true,
          toInput: (request) => request,
        }),
        async () => null,
      ),
      removeHere,
    ),
  });

const events = (payload: string) =>
  payload
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as BatchEvent);

describe.each(databaseTargets())('same-mark batches on $name', (target) => {
  const app = useTestApp(target, { engines, storagePrefix: 'same-mark-' });

  it('estimates one mark from the batch, cleans each marked photo and returns the unmarked one with its credit', async () => {
    const mark = await drawMark('diagonal word', W, H);
    const clean = await Promise.all(NAMES.map((name) => framedPhoto(photo(name), W, H)));
    const ids: string[] = [];
    for (const [i, picture] of clean.entries()) {
      const bytes = await encodePng(i === 4 ? picture : applyMark(picture, mark));
      const response = await app.upload('proofs', bytes, `proof-${i + 1}.png`, 'watermark-removal');
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    const response = await app.sut.inject({
      method: 'POST',
      url: '/api/batches',
      headers: bearer('proofs'),
      payload: { imageIds: ids, options: { sameMark: true } },
    });
    expect(response.statusCode).toBe(200);
    const lines = events(response.payload);
    expect(lines[0]).toEqual({ type: 'started', total: 5, creditsHeld: 5 });
    const completed = lines.filter((e) => e.type === 'completed');
    expect(completed.map((e) => e.imageId).sort()).toEqual(ids.slice(0, 4).sort());
    const failed = lines.filter((e) => e.type === 'failed');
    expect(failed).toEqual([
      {
        type: 'failed',
        imageId: ids[4],
        error: { code: 'NOTHING_TO_DO', message: expect.stringContaining('credit returned') },
      },
    ]);
    expect(lines.at(-1)).toMatchObject({
      type: 'finished',
      completed: 4,
      failed: 1,
      credits: { remaining: 1 },
    });

    // Each result is the photo with the mark taken out: closer to the clean photo where the mark was (from four
    // photos the estimate is rough; the unit tests and the benchmark measure it on more).
    const gains: number[] = [];
    for (const event of completed) {
      if (event.type !== 'completed') continue;
      const i = ids.indexOf(event.imageId);
      const served = await app.sut.inject({
        method: 'GET',
        url: event.result.processedPath,
        headers: bearer('proofs'),
      });
      expect(served.statusCode).toBe(200);
      const { data, info } = await sharp(served.rawPayload)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const result = {
        data: new Uint8Array(data),
        width: info.width,
        height: info.height,
        channels: 3 as const,
      };
      const where = markMask(mark, W, H);
      gains.push(psnr(result, clean[i], where) - psnr(applyMark(clean[i], mark), clean[i], where));
    }
    expect(Math.min(...gains)).toBeGreaterThan(2);
    expect(gains.reduce((a, b) => a + b) / gains.length).toBeGreaterThan(5);
  });

  it('refuses the option on fewer than 3 photos and on one photo, before any credit is taken', async () => {
    const bytes = await encodePng(await framedPhoto(photo('coffee.png'), W, H));
    const ids: string[] = [];
    for (const name of ['a.png', 'b.png'])
      ids.push((await app.upload('few', bytes, name, 'watermark-removal')).json().id);
    const batch = await app.sut.inject({
      method: 'POST',
      url: '/api/batches',
      headers: bearer('few'),
      payload: { imageIds: ids, options: { sameMark: true } },
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().error.message).toContain('3 photos or more');
    const one = await app.sut.inject({
      method: 'POST',
      url: `/api/process/${ids[0]}`,
      headers: bearer('few'),
      payload: { mode: 'erase', isIterativeEdit: false, currentImageUrl: null, options: { sameMark: true } },
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toContain('3 photos or more');
    const credits = await app.sut.inject({ method: 'GET', url: '/api/credits', headers: bearer('few') });
    expect(credits.json().credits.remaining).toBe(5);
  });
});
