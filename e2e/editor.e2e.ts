/*
 * The editor as a person uses it, against the real app and its real engines: sign in through the emulator,
 * upload real photos, paint masks with the mouse and a finger, process, compare, download, keep editing.
 * With EDITOR_SCREENSHOTS=folder it also saves a screenshot of every stage.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOfflineContext } from './support/browser.ts';
import {
  downloadResult,
  maskInk,
  meanDifference,
  paint,
  paintByTouch,
  photoFile,
} from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';
import { signInWithEmulatorPopup } from './support/sign-in.ts';

const { env, pageErrors, shot, signedInDesktop, openEditor, upload, expectToast, processAndWait, original } =
  useEditorSession();

describe('the editor on a desktop', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('grace@example.com'));
  });
  afterAll(() => context?.close());

  it('chooses a mode through the URL and shows the plan before upload', async () => {
    await openEditor(page, 'no-such-mode');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Chat to Edit');
    expect(await page.getByTestId('credits-left').textContent()).toContain('5 credits left today');
    expect(await page.getByTestId('plan-summary').textContent()).toContain('Files up to 10 MB');
    await page.getByRole('radio', { name: /Object Removal/ }).click();
    await page.waitForURL(/mode=object-removal/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Object Removal');
    expect(await page.getByText('JPG, PNG, WebP, JPEG').count()).toBe(1);
    await shot(page, 'desktop-1-choose');
  });

  it('asks for an image first, refuses non-images and files over the plan limit before sending them', async () => {
    await openEditor(page, 'object-removal');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload')) uploads.push(r.url());
    });
    await page.getByRole('button', { name: 'Remove Object' }).click();
    await expectToast(page, 'No image uploaded', 'Please upload an image first.');

    await page.getByTestId('upload-zone').evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expectToast(page, 'Not an image');

    await page.getByTestId('file-input').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(11 * 1024 * 1024, 1),
    });
    await expectToast(page, 'File too large', 'up to 10 MB');
    expect(uploads).toEqual([]);

    await page.getByTestId('file-input').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these bytes are not a photo'),
    });
    await expectToast(page, 'Upload failed', 'Please upload a JPG, PNG or WebP image.');
    expect(uploads).toHaveLength(1);
    await page.getByTestId('upload-zone').waitFor();
  });

  it('paints with undo, redo, eraser, size keys and zoom as specified', async () => {
    await openEditor(page, 'object-removal');
    await upload(page, await photoFile('GreenMeadow.jpg', 900));
    await page.getByTestId('process-button').click();
    await expectToast(page, 'No area marked', 'Please mark the object to remove.');

    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await undo.isDisabled()).toBe(true);
    expect(await redo.isDisabled()).toBe(true);
    expect(await maskInk(page)).toBe(0);
    const stage = (await page.getByTestId('mask-canvas').boundingBox())!;
    await page.mouse.move(stage.x + stage.width * 0.3, stage.y + stage.height * 0.3);
    await page.mouse.move(stage.x + stage.width * 0.7, stage.y + stage.height * 0.6, { steps: 10 });
    expect(await maskInk(page)).toBe(0);

    await paint(page, [
      [0.2, 0.3],
      [0.4, 0.35],
    ]);
    const one = await maskInk(page);
    expect(one).toBeGreaterThan(0);
    await paint(page, [
      [0.6, 0.6],
      [0.8, 0.7],
    ]);
    const two = await maskInk(page);
    expect(two).toBeGreaterThan(one);
    expect(await undo.isDisabled()).toBe(false);
    expect(await redo.isDisabled()).toBe(true);

    await undo.click();
    expect(await maskInk(page)).toBe(one);
    expect(await redo.isDisabled()).toBe(false);
    await page.keyboard.press('Control+Shift+Z');
    expect(await maskInk(page)).toBe(two);
    await page.keyboard.press('Control+z');
    await paint(page, [
      [0.5, 0.2],
      [0.5, 0.4],
    ]);
    expect(await redo.isDisabled()).toBe(true);
    const painted = await maskInk(page);
    await page.getByRole('button', { name: 'Clear mask' }).click();
    expect(await maskInk(page)).toBe(0);
    await undo.click();
    expect(await maskInk(page)).toBe(painted);

    await page.getByRole('button', { name: 'Eraser' }).click();
    const beforeErase = await maskInk(page);
    await paint(page, [
      [0.15, 0.32],
      [0.45, 0.33],
    ]);
    expect(await maskInk(page)).toBeLessThan(beforeErase);
    await page.keyboard.press('b');
    expect(await page.getByRole('button', { name: 'Brush' }).getAttribute('aria-pressed')).toBe('true');

    expect(await page.getByTestId('brush-size').textContent()).toBe('40');
    await page.keyboard.press(']');
    expect(await page.getByTestId('brush-size').textContent()).toBe('45');
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    expect(await page.getByTestId('brush-size').textContent()).toBe('35');

    const zoom = page.getByTestId('zoom-level');
    expect(await zoom.textContent()).toBe('100%');
    const fitted = (await page.getByTestId('mask-canvas').boundingBox())!.width;
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom in' }).click({ force: true });
    expect(await zoom.textContent()).toBe('200%');
    expect(await page.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);
    expect((await page.getByTestId('mask-canvas').boundingBox())!.width).toBeCloseTo(fitted * 2, -1);
    for (let i = 0; i < 7; i++) await page.keyboard.press('-');
    expect(await zoom.textContent()).toBe('50%');
    expect(await page.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    await page.keyboard.press('=');
    await page.keyboard.press('=');
    expect(await zoom.textContent()).toBe('100%');
    await shot(page, 'desktop-2-mask');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('upload-zone').waitFor();
  });

  it('removes an object: progress, comparison, download, then Edit More and Restore bring the original back', async () => {
    await openEditor(page, 'object-removal');
    await upload(page, await photoFile('Wood.jpg', 720));
    const area = { left: 0.44, top: 0.44, width: 0.12, height: 0.06 };
    await paint(page, [
      [0.4, 0.47],
      [0.6, 0.47],
    ]);
    const percents: string[] = [];
    page.on('console', () => undefined);
    await page.getByTestId('process-button').click();
    const overlay = page.getByTestId('processing-overlay');
    await overlay.waitFor({ timeout: 10_000 });
    expect(await overlay.textContent()).toContain('AI is removing unwanted areas from your image');
    await shot(page, 'desktop-3-processing');
    percents.push((await page.getByTestId('progress-percent').textContent()) ?? '');
    await page.getByTestId('compare-slider').waitFor({ timeout: 150_000 });
    await expectToast(page, 'Processing complete');
    expect(await page.getByTestId('compare-slider').getByRole('slider').getAttribute('aria-valuenow')).toBe(
      '50',
    );
    expect(await page.getByTestId('credits-left').textContent()).toContain('4 credits left today');
    await shot(page, 'desktop-4-result');

    const first = await downloadResult(page);
    await expectToast(page, 'Download started');
    expect(first.file).toBe('processed-Wood.jpg');
    const photo = await original(page);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      'jpeg',
      720,
      (await sharp(photo).metadata()).height,
    ]);
    const erased = await meanDifference(first.bytes, photo, area);
    expect(erased).toBeGreaterThan(4);

    await page.getByRole('button', { name: 'Edit More' }).click();
    await expectToast(page, 'Continue editing');
    expect(await maskInk(page)).toBe(0);
    expect(await page.getByTestId('process-button').textContent()).toContain('Apply Changes');
    await page.getByRole('radio', { name: 'Restore' }).click();
    await page.getByTestId('process-button').click();
    await expectToast(page, 'No area marked', 'Please mark the area to restore.');
    await paint(page, [
      [0.38, 0.47],
      [0.62, 0.47],
    ]);
    await shot(page, 'desktop-5-restore');
    await processAndWait(page);
    const restored = await downloadResult(page);
    expect(await meanDifference(restored.bytes, photo, area)).toBeLessThan(2.5);
    expect(await page.getByTestId('credits-left').textContent()).toContain('3 credits left today');

    await page.getByRole('button', { name: 'New Image' }).click();
    await page.getByTestId('upload-zone').waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Editing mode' }).isVisible()).toBe(true);
  });
});

describe('the other modes', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('katherine@example.com'));
  });
  afterAll(() => context?.close());

  it('removes a background to a transparent PNG', async () => {
    await openEditor(page, 'background-removal');
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    expect(await page.getByTestId('mask-canvas').count()).toBe(0);
    await shot(page, 'desktop-6-background-edit');
    await processAndWait(page);
    await shot(page, 'desktop-7-background-result');
    const { file, bytes } = await downloadResult(page);
    expect(file).toBe('processed-coffee.png');
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.channels, info.width]).toEqual([4, 480]);
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 16) clear++;
    const share = clear / (info.width * info.height);
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.95);
  });

  it('removes a watermark, then AI Upscale (2x) enlarges the result', async () => {
    await openEditor(page, 'watermark-removal');
    await upload(page, await photoFile('Dune.jpg', 400));
    expect(await page.getByText('only on images you own').count()).toBe(1);
    await page.getByTestId('process-button').click();
    await expectToast(page, 'No area marked', 'Please mark the watermark area to remove.');
    await paint(page, [
      [0.7, 0.85],
      [0.92, 0.85],
    ]);
    await processAndWait(page);
    await page.getByRole('button', { name: 'AI Upscale (2x)' }).click();
    await expectToast(page, 'Upscaling complete');
    expect(await page.getByTestId('result-summary').textContent()).toContain('upscaled 2x');
    expect(await page.getByRole('button', { name: 'AI Upscale (2x)' }).count()).toBe(0);
    const { file, bytes } = await downloadResult(page);
    expect(file).toBe('processed-Dune.png');
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(800);
  });

  it('upscales 4x in the upscale mode', async () => {
    await openEditor(page, 'image-upscale');
    await upload(page, await photoFile('chelsea.png', 96, 'png'));
    await page.getByRole('radio', { name: '4x' }).click();
    await shot(page, 'desktop-9-upscale');
    await processAndWait(page);
    const { bytes } = await downloadResult(page);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(384);
    expect(await page.getByRole('button', { name: 'Edit More' }).count()).toBe(0);
  });

  it('asks for a prompt, and refuses an instruction it cannot do without taking a credit', async () => {
    await openEditor(page, 'prompt-edit');
    await upload(page, await photoFile('rocket.jpg', 320));
    await page.getByTestId('process-button').click();
    await expectToast(page, 'No prompt provided', 'Please describe what you want to do with the image.');
    await page.getByTestId('prompt-input').fill('put a party hat on the rocket');
    await page.getByTestId('plan-preview').getByText("I can't").waitFor({ timeout: 10_000 });
    await shot(page, 'desktop-8-prompt');
    await page.getByTestId('process-button').click();
    await expectToast(page, 'Processing failed', "I can't add");
    expect(await page.getByTestId('credits-left').textContent()).toContain('1 credit left today');
  });

  it('a mode change through the URL drops the result and keeps the photo', async () => {
    await openEditor(page, 'object-removal');
    await upload(page, await photoFile('Garden.jpg', 320));
    await paint(page, [
      [0.4, 0.5],
      [0.6, 0.5],
    ]);
    await processAndWait(page);
    expect(await page.getByTestId('credits-left').textContent()).toContain('0 credits left today');
    await page.getByRole('button', { name: 'AI Upscale (2x)' }).click();
    await expectToast(page, 'Upscaling failed', 'used all your credits');
    expect(await page.getByTestId('result-summary').textContent()).not.toContain('upscaled');
    await page.getByRole('button', { name: 'Edit More' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('menuitem', { name: /Face Enhancement/ }).click();
    await page.waitForURL(/mode=face-enhancement/);
    expect(await page.getByTestId('process-button').textContent()).toContain('Enhance Face');
    expect(await page.getByRole('radio', { name: 'Restore' }).count()).toBe(0);
    expect(await page.getByTestId('compare-slider').count()).toBe(0);
  });
});

describe('signed out', () => {
  it('asks to sign in, and closing the dialog goes home', async () => {
    const context = await newOfflineContext(env().browser);
    const page = await context.newPage();
    await page.goto(`${env().app.url}/editor?mode=object-removal`);
    await page.getByRole('heading', { name: 'Sign in required' }).waitFor({ timeout: 30_000 });
    await shot(page, 'desktop-0-sign-in');
    await page.keyboard.press('Escape');
    await page.waitForURL(`${env().app.url}/`);
    await context.close();
  });
});

describe('the editor on a phone', () => {
  it('paints with a finger, processes and compares on a 390 px screen', async () => {
    const context = await newOfflineContext(env().browser, {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${env().app.url}/editor?mode=object-removal`);
    await signInWithEmulatorPopup(
      page,
      () => page.getByRole('button', { name: 'Sign in with Google' }).click(),
      {
        email: 'mary@example.com',
        name: 'Mary Jackson',
      },
    );
    await page.getByTestId('upload-zone').waitFor({ timeout: 30_000 });
    await shot(page, 'phone-1-choose');
    await upload(page, await photoFile('LadyBird.jpg', 640));
    await paintByTouch(page, [
      [0.3, 0.5],
      [0.5, 0.55],
    ]);
    expect(await maskInk(page)).toBeGreaterThan(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-2-mask');
    await page.getByTestId('process-button').click();
    await page.getByTestId('processing-overlay').waitFor({ timeout: 10_000 });
    await shot(page, 'phone-3-processing');
    await page.getByTestId('compare-slider').waitFor({ timeout: 150_000 });
    await shot(page, 'phone-4-result');
    await paintByTouch(
      page,
      [
        [0.5, 0.5],
        [0.25, 0.5],
      ],
      'compare-slider',
    );
    const position = await page
      .getByTestId('compare-slider')
      .getByRole('slider')
      .getAttribute('aria-valuenow');
    expect(Number(position)).toBeCloseTo(25, -1);
    await context.close();
  });
});
