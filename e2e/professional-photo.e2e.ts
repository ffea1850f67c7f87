/*
 * Professional headshots as a person makes one: the backdrop and size choices beside the process button, a
 * portrait turned into a 4:5 headshot on light blue and downloaded, and a photo without a face refused.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResult, photoFile } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, upload, expectToast, processAndWait } = useEditorSession();

describe('professional headshots in the editor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('headshots@example.com'));
  });
  afterAll(() => context?.close());

  it('makes a 4:5 headshot on the backdrop chosen, and downloads it', async () => {
    await openEditor(page, 'professional-photo');
    await upload(page, await photoFile('astronaut.png', 512));
    expect(await page.getByRole('radio', { name: 'Studio grey' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Square' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: 'Colour' }).click();
    await page.getByLabel('Backdrop colour').waitFor();
    await page.getByRole('radio', { name: 'Light blue' }).click();
    expect(await page.getByLabel('Backdrop colour').count()).toBe(0);
    await page.getByRole('radio', { name: '4:5' }).click();
    await page.getByText('1080 x 1350 px (4:5)').waitFor();
    await shot(page, 'headshot-1-options');
    const sent = page.waitForRequest((r) => r.url().includes('/api/process/') && r.method() === 'POST');
    await processAndWait(page);
    expect((await sent).postDataJSON().options).toEqual({ backdrop: 'blue', size: 'portrait' });
    expect(await page.getByTestId('result-summary').textContent()).toContain('1080 x 1350 px');
    await shot(page, 'headshot-2-result');
    const { file, bytes } = await downloadResult(page);
    expect(file).toBe('processed-astronaut.jpg');
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1080, 1350]);
    // The top corner is the light blue backdrop.
    expect(data[2]).toBeGreaterThan(data[0] + 20);
  });

  it('refuses a photo without a face and says why', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await openEditor(page, 'professional-photo');
    await upload(page, await photoFile('coffee.png', 400, 'png'));
    await page.getByTestId('process-button').click();
    await expectToast(page, 'Processing failed', 'No face was found');
  });
});
