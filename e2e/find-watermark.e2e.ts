/*
 * "Find watermark" as a person uses it: the button in watermark mode proposes the mask of a tiled mark on a
 * real photo, the eraser and undo correct it, and the proposal is removed; a photo without a mark gets a
 * message and no mask.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../server/test/fixtures/text-marks/cases.ts';
import { markedJpeg, tiledMark } from '../server/test/fixtures/watermark-detect/tiled-marks.ts';
import { maskInk, paint, photoFile } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, upload, expectToast, processAndWait } = useEditorSession();

describe('Find watermark in the editor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('finder@example.com'));
  });
  afterAll(() => context?.close());

  it('proposes the mask of a tiled mark, which the eraser and undo then correct, and removes it', async () => {
    await openEditor(page, 'watermark-removal');
    const { jpeg: buffer } = await markedJpeg(photo('Dune.jpg'), tiledMark(-30, '© SAMPLE', 0.4), 640);
    await upload(page, { name: 'marked.jpg', mimeType: 'image/jpeg', buffer });
    expect(await maskInk(page)).toBe(0);
    await page.getByRole('button', { name: 'Find watermark' }).click();
    await expectToast(page, 'Watermark found', 'the eraser');
    await expect.poll(() => maskInk(page), { timeout: 10_000 }).toBeGreaterThan(0);
    const proposed = await maskInk(page);
    await shot(page, 'find-watermark-1-proposed');

    await page.getByRole('button', { name: 'Eraser' }).click();
    await paint(page, [
      [0.05, 0.5],
      [0.95, 0.5],
    ]);
    const corrected = await maskInk(page);
    expect(corrected).toBeLessThan(proposed);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => maskInk(page)).toBe(proposed);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => maskInk(page)).toBe(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => maskInk(page)).toBe(proposed);

    await processAndWait(page);
    await shot(page, 'find-watermark-2-result');
  });

  it('says so and marks nothing on a photo without a watermark', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await openEditor(page, 'watermark-removal');
    await upload(page, await photoFile('Dune.jpg', 640));
    await page.getByRole('button', { name: 'Find watermark' }).click();
    await expectToast(page, 'No watermark marked', 'No watermark was found in this photo.');
    expect(await maskInk(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Find watermark' }).isEnabled()).toBe(true);
  });
});
