/*
 * Professional headshots as a person makes one: the backdrop and size choices beside the process button, a
 * portrait turned into a 4:5 headshot on light blue and downloaded, a photo without a face refused, and in a
 * group photo the person chosen with a tap (the marker shown, cleared, set again, and sent with the edit).
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotThemes } from './support/browser.ts';
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

  it('asks whom the headshot is of in a group photo, and sends the person tapped', async () => {
    await openEditor(page, 'professional-photo');
    const band = await readFile(
      new URL('../server/test/fixtures/detect/face-mariachi-band-smiling.jpg', import.meta.url),
    );
    await upload(page, { name: 'band.jpg', mimeType: 'image/jpeg', buffer: band });
    const card = page.getByTestId('subject-card');
    await card.getByText('Several people: tap the person for the headshot').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('subject-face').count()).toBe(2);
    expect(await page.getByTestId('subject-marker').count()).toBe(0);
    await shot(page, 'headshot-3-group');

    // A tap on the older man's jacket, below his face (fractions of the 1024 x 680 photo).
    const picker = page.getByTestId('subject-picker');
    const tap = async (fx: number, fy: number) => {
      const box = (await picker.boundingBox())!;
      await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
    };
    await tap(690 / 1024, 470 / 680);
    await page.getByTestId('subject-marker').waitFor();
    expect(await card.getAttribute('data-done')).toBe('true');
    await card.getByText('Headshot of the person you tapped').waitFor();
    await shot(page, 'headshot-4-tapped');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotThemes(page, process.env.EDITOR_SCREENSHOTS, 'headshot-5-phone', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('button', { name: 'Clear the chosen person' }).click();
    expect(await page.getByTestId('subject-marker').count()).toBe(0);
    expect(await card.getAttribute('data-done')).toBe('false');
    // The ring around his face chooses him too: its middle.
    await page.getByRole('button', { name: 'Person 2' }).click();
    expect(await page.getByRole('button', { name: 'Person 2' }).getAttribute('aria-pressed')).toBe('true');

    const sent = page.waitForRequest((r) => r.url().includes('/api/process/') && r.method() === 'POST');
    await processAndWait(page);
    const { options } = (await sent).postDataJSON();
    expect(options.subjectX).toBeGreaterThan(0.71);
    expect(options.subjectX).toBeLessThan(0.8);
    expect(options.subjectY).toBeGreaterThan(0.41);
    expect(options.subjectY).toBeLessThan(0.56);
    await expectToast(page, 'Processing complete');
    const toasts = page.getByRole('region', { name: /Notifications/ });
    expect(await toasts.textContent()).not.toContain('Several people found');
  });
});
