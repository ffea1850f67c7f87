/*
 * Face enhancement as a person uses it: the strength and skin-smoothing choices beside the process button,
 * a portrait enhanced and enlarged 2x, and a photo without a face, whose result says so.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResult, photoFile } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, upload, processAndWait } = useEditorSession();

describe('face enhancement in the editor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('faces@example.com'));
  });
  afterAll(() => context?.close());

  it('enhances a portrait at the strength chosen, and gives a photo twice the size', async () => {
    await openEditor(page, 'face-enhancement');
    await upload(page, await photoFile('astronaut.png', 320));
    expect(await page.getByRole('radio', { name: 'Natural' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: 'Strong' }).click();
    await page.getByRole('checkbox', { name: /Smooth skin/ }).uncheck();
    await shot(page, 'face-1-options');
    const sent = page.waitForRequest((r) => r.url().includes('/api/process/') && r.method() === 'POST');
    await processAndWait(page);
    expect((await sent).postDataJSON().options).toEqual({ strength: 'strong', skinSmoothing: false });
    expect(await page.getByTestId('result-summary').textContent()).toContain('640 x 640 px');
    expect(await page.getByText('No face found').count()).toBe(0);
    await shot(page, 'face-2-result');
    const { file, bytes } = await downloadResult(page);
    expect(file).toBe('processed-astronaut.jpg');
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([640, 640]);
  });

  it('enlarges a photo without a face and says no face was found', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await openEditor(page, 'face-enhancement');
    await upload(page, await photoFile('coffee.png', 240, 'png'));
    await processAndWait(page);
    await page.getByText('No face found; enhanced the whole photo').first().waitFor();
    expect(await page.getByTestId('result-summary').textContent()).toContain('480 x 320 px');
  });
});
