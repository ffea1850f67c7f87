/*
 * Chat to Edit as a newcomer meets it: the editor's default mode, a typed instruction with its plan previewed,
 * the steps beside the result, Edit More with a second instruction, and a refusal that costs nothing.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResult, photoFile } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, upload, expectToast, processAndWait, original } =
  useEditorSession();

/** Mean lightness and chroma of an encoded image. */
async function looks(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let light = 0;
  let chroma = 0;
  for (let i = 0; i < data.length; i += 3) {
    light += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    chroma += Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]);
  }
  const n = info.width * info.height;
  return { light: light / n, chroma: chroma / n, width: info.width, height: info.height };
}

const steps = async (page: Page) => page.getByTestId('result-steps').locator('li').allTextContents();

describe('Chat to Edit in the editor', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('dorothy@example.com'));
  });
  afterAll(() => context?.close());

  it('follows a typed instruction, shows its steps, and takes a second one with Edit More', async () => {
    await openEditor(page);
    expect(await page.getByRole('radio', { name: /Chat to Edit/ }).getAttribute('aria-checked')).toBe('true');
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    await page.getByRole('button', { name: 'Blur the background' }).click();
    expect(await page.getByTestId('prompt-input').inputValue()).toBe('Blur the background');
    await page
      .getByTestId('prompt-input')
      .fill('hey! could you crop this to a square and make it a lot brighter? thanks');
    const preview = page.getByTestId('plan-preview');
    await preview.getByText('I will:').waitFor({ timeout: 10_000 });
    expect(await preview.textContent()).toMatch(/crop to 1:1.*bright/i);
    await shot(page, 'chat-1-instruction');
    await processAndWait(page);
    await expectToast(page, 'Processing complete');
    expect(await steps(page)).toHaveLength(2);
    expect((await steps(page)).join(' ')).toMatch(/square|1:1/i);
    await shot(page, 'chat-2-result');
    // The landscape photo beside its square crop: above it, on the before side, the frame's own plain colour
    // (the result showed through there once)
    const frame = await sharp(await page.getByTestId('compare-slider').screenshot()).removeAlpha();
    const { width: w = 0, height: h = 0 } = await frame.metadata();
    const bar = await sharp(
      await frame
        .extract({
          left: Math.round(0.15 * w),
          top: Math.round(0.08 * h),
          width: Math.round(0.3 * w),
          height: Math.round(0.06 * h),
        })
        .toBuffer(),
    ).stats();
    expect(Math.max(...bar.channels.map((c) => c.stdev))).toBeLessThan(2);
    const before = await looks(await original(page));
    const first = await downloadResult(page);
    const edited = await looks(first.bytes);
    expect(edited.width).toBe(edited.height);
    expect(edited.light).toBeGreaterThan(before.light + 5);
    expect(await page.getByTestId('credits-left').textContent()).toContain('4 credits left today');

    await page.getByRole('button', { name: 'Edit More' }).click();
    await expectToast(page, 'Continue editing', 'Type the next change');
    expect(await page.getByTestId('mask-canvas').count()).toBe(0);
    await page.getByTestId('prompt-input').fill('now make it black and white');
    await shot(page, 'chat-3-edit-more');
    await processAndWait(page);
    expect(await steps(page)).toEqual(['Made it black and white']);
    const second = await looks((await downloadResult(page)).bytes);
    expect([second.width, second.height]).toEqual([edited.width, edited.height]);
    expect(second.chroma).toBeLessThan(2);
    expect(await page.getByTestId('credits-left').textContent()).toContain('3 credits left today');
  });

  it('refuses a wish it cannot do with what it can do instead, and spends no credit', async () => {
    await page.getByRole('button', { name: 'Edit More' }).click();
    await page.getByTestId('prompt-input').fill('turn the cup into a cat please');
    await page.getByTestId('plan-preview').getByText("I can't").waitFor({ timeout: 10_000 });
    await page.getByTestId('process-button').click();
    await expectToast(page, 'Processing failed', 'I can');
    await shot(page, 'chat-4-refusal');
    expect(await page.getByTestId('credits-left').textContent()).toContain('3 credits left today');
  });
});
