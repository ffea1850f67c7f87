/*
 * A seller's batch, against the real app and its real watermark engine: five marked photos of one shape,
 * one painted mask, the ZIP of the results downloaded and opened; then Your images with the same results.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meanDifference, paint, photoFile, type PhotoFile } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, expectToast } = useEditorSession();

/** The mark every photo carries at the same place: 40-60 % across, 45-55 % down. */
const MARK = { left: 0.4, top: 0.45, width: 0.2, height: 0.1 };

/**
 * A real 16:10 photo with a magenta mark where a watermark would be (a colour none of the photos has there, so
 * the mark stands out on each), and the clean photo to compare with.
 */
async function markedPhoto(source: string, width: number): Promise<{ file: PhotoFile; clean: Buffer }> {
  const clean = await photoFile(source, width);
  const height = Math.round(width / 1.6);
  const mark = await sharp({
    create: {
      width: Math.round(width * MARK.width),
      height: Math.round(height * MARK.height),
      channels: 3,
      background: '#ff00ff',
    },
  })
    .png()
    .toBuffer();
  const buffer = await sharp(clean.buffer)
    .composite([{ input: mark, left: Math.round(width * MARK.left), top: Math.round(height * MARK.top) }])
    .jpeg({ quality: 92 })
    .toBuffer();
  return { file: { ...clean, buffer }, clean: clean.buffer };
}

/** Share of the mark's area that is still magenta. */
async function magentaShare(picture: Buffer): Promise<number> {
  const { width, height } = await sharp(picture).metadata();
  const area = {
    left: Math.round(width! * MARK.left) + 2,
    top: Math.round(height! * MARK.top) + 2,
    width: Math.round(width! * MARK.width) - 4,
    height: Math.round(height! * MARK.height) - 4,
  };
  const pixels = await sharp(picture).removeAlpha().extract(area).raw().toBuffer();
  let magenta = 0;
  for (let i = 0; i < pixels.length; i += 3)
    if (pixels[i] - pixels[i + 1] > 120 && pixels[i + 2] - pixels[i + 1] > 120) magenta++;
  return magenta / (pixels.length / 3);
}

async function zipEntries(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

describe('a batch with one mask, its ZIP, and Your images', () => {
  let context: BrowserContext;
  let page: Page;
  const photos: { file: PhotoFile; clean: Buffer }[] = [];
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('seller@example.com'));
    const sources: [string, number][] = [
      ['Aqua.jpg', 320],
      ['Blinds.jpg', 480],
      ['Dune.jpg', 400],
      ['Garden.jpg', 320],
      ['LadyBird.jpg', 560],
    ];
    for (const [source, width] of sources) photos.push(await markedPhoto(source, width));
  });
  afterAll(() => context?.close());

  it('runs five photos with one painted mask and downloads every result in one ZIP', async () => {
    await openEditor(page, 'watermark-removal');
    await page.getByTestId('file-input').setInputFiles(photos.map((p) => p.file));
    await page.getByTestId('batch').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('batch-credits').textContent(), { timeout: 60_000 })
      .toBe('This batch needs 5 credits; you have 5.');
    // One stroke over the mark of the first photo; the server scales it to the four others.
    await page.getByTestId('mask-canvas').waitFor();
    await paint(page, [
      [0.37, 0.5],
      [0.63, 0.5],
    ]);
    await shot(page, 'batch-1-painted');
    await page.getByTestId('batch-process').click();
    await expect
      .poll(() => page.locator('[data-testid="batch-photo"][data-status="completed"]').count(), {
        timeout: 170_000,
        interval: 1000,
      })
      .toBe(5);
    await expectToast(page, 'Batch complete', '5 done, 0 failed');
    expect(await page.getByTestId('batch-download').count()).toBe(5);
    expect(await page.getByTestId('batch-credits').textContent()).toBe('5 of 5 done.');
    await shot(page, 'batch-2-done');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('batch-zip').click(),
    ]);
    expect(download.suggestedFilename()).toBe('cleanup-studio-results.zip');
    const entries = await zipEntries(await download.path());
    expect([...entries.keys()].sort()).toEqual(photos.map((p) => `processed-${p.file.name}`).sort());
    for (const { file, clean } of photos) {
      const result = entries.get(`processed-${file.name}`)!;
      const meta = await sharp(result).metadata();
      const source = await sharp(file.buffer).metadata();
      expect([meta.width, meta.height]).toEqual([source.width, source.height]);
      // The mark is gone from every photo (the fill need not be the hidden pixels, only free of the mark).
      expect(await magentaShare(file.buffer)).toBeGreaterThan(0.8);
      expect(await magentaShare(result)).toBeLessThan(0.02);
      // Outside the painted stroke the photo is untouched.
      expect(await meanDifference(result, clean, { left: 0, top: 0, width: 1, height: 0.3 })).toBeLessThan(3);
    }
  });

  it('shows the results under Your images, newest first, and deletes one', async () => {
    await page.getByTestId('user-menu-trigger').click();
    expect(await page.getByTestId('user-plan').textContent()).toContain('0 credits left');
    await page.getByRole('menuitem', { name: 'Your images' }).click();
    await page.waitForURL(/\/images$/);
    await expect.poll(() => page.getByTestId('history-item').count(), { timeout: 30_000 }).toBe(5);
    expect(await page.getByTestId('history-mode').first().textContent()).toContain('Watermark Removal');
    expect(await page.getByText('Your results are kept for 30 days').count()).toBe(1);
    // The thumbnails are real pictures the server made.
    await expect
      .poll(
        () =>
          page
            .getByTestId('history-item')
            .locator('img')
            .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        { timeout: 30_000 },
      )
      .toBe(5);
    await page
      .getByTestId('history-item')
      .first()
      .getByRole('button', { name: /show before/ })
      .click();
    await page
      .getByTestId('history-item')
      .first()
      .getByRole('button', { name: /show after/ })
      .waitFor();
    await shot(page, 'history-1');

    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByTestId('history-item')
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await expectToast(page, 'Image deleted');
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(4);

    await page.getByTestId('history-item').first().getByRole('link', { name: 'Edit again' }).click();
    await page.waitForURL(/\/editor\?mode=watermark-removal$/, { timeout: 30_000 });
    await page.getByTestId('mask-canvas').waitFor({ timeout: 30_000 });
  });

  it('says up front that a batch needs more credits than are left, and does not run it', async () => {
    await openEditor(page, 'watermark-removal');
    await page.getByTestId('file-input').setInputFiles(photos.slice(0, 2).map((p) => p.file));
    await expect
      .poll(() => page.getByTestId('batch-credits').textContent(), { timeout: 60_000 })
      .toBe('This batch needs 2 credits; you have 0. Remove photos or upgrade your plan to run it.');
    expect(await page.getByTestId('batch-process').isDisabled()).toBe(true);
  });
});
