/*
 * Tap to select as a person uses it: in Chat to Edit, a messy request names a thing no detector knows, the plan
 * asks for it to be marked, one tap on the photo marks it, and the edit removes it; a run that cannot find
 * the thing named offers the same step; in object removal, the Select tool taps, refines and undoes.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotThemes } from './support/browser.ts';
import { downloadResult, maskInk, photoFile, tapAt } from './support/editor-page.ts';
import { useEditorSession } from './support/editor-session.ts';

const { shot, signedInDesktop, openEditor, upload, expectToast, processAndWait, original } =
  useEditorSession();

/** The teaspoon's bowl in assets/photos/coffee.png, as fractions of the photo. */
const SPOON: [number, number] = [0.61, 0.71];
const REQUEST =
  'Hi! could you make this brighter, get rid of the teaspoon and crop it square? thanks so much';

const steps = (page: Page) => page.getByTestId('result-steps').locator('li').allTextContents();
const markStatus = (page: Page) => page.getByTestId('mark-step-status').textContent();
/** Waits until `count` taps are answered and marked on the photo. */
const tapsAnswered = (page: Page, count: number) =>
  expect
    .poll(
      async () =>
        (await page.getByTestId('tap-marker').count()) === count &&
        (await page.getByTestId('select-busy').count()) === 0,
      { timeout: 30_000 },
    )
    .toBe(true);
const pressed = (page: Page, tool: string) =>
  page.getByRole('button', { name: tool, exact: true }).getAttribute('aria-pressed');

/** Share of the mask layer's pixels that are marked, and the marked pixels' bounds (fractions). */
function inkExtent(page: Page) {
  return page.getByTestId('mask-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let [count, left, top, right, bottom] = [0, width, height, -1, -1];
    for (let i = 3; i < data.length; i += 4) {
      if (!data[i]) continue;
      const p = (i - 3) / 4;
      const [x, y] = [p % width, Math.floor(p / width)];
      count++;
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x),
        Math.max(bottom, y),
      ];
    }
    return {
      share: count / (width * height),
      box: { left: left / width, top: top / height, right: right / width, bottom: bottom / height },
    };
  });
}

/** The process call's mask (alpha > 0 = marked) at the photo's size, from the request the editor sent. */
async function sentMask(request: Request) {
  const { maskData } = request.postDataJSON() as { maskData: string | null };
  expect(maskData).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(maskData!.split(',')[1], 'base64');
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  });
  return { marked: data, width: info.width, height: info.height };
}

async function grey(bytes: Buffer, height: number) {
  const { data, info } = await sharp(bytes)
    .resize({ height })
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/**
 * How much the result changed inside the marked area and outside it, mean |after - before| per pixel (0..255).
 * The square crop's offset is found first: where the result lines up best with the photo outside the mask.
 */
async function changeInsideAndOut(
  before: Buffer,
  after: Buffer,
  mask: { marked: Buffer; width: number; height: number },
) {
  const photo = await grey(before, mask.height);
  const result = await grey(after, mask.height);
  const h = mask.height;
  const score = (dx: number, inside: boolean) => {
    let [sum, n] = [0, 0];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < result.width; x++) {
        const p = y * photo.width + x + dx;
        if (mask.marked[p] > 0 !== inside) continue;
        sum += Math.abs(result.data[y * result.width + x] - photo.data[p]);
        n++;
      }
    return n ? sum / n : 0;
  };
  let best = 0;
  for (let dx = 1; dx <= photo.width - result.width; dx++)
    if (score(dx, false) < score(best, false)) best = dx;
  return { inside: score(best, true), outside: score(best, false) };
}

/** Mean chroma (max less min channel) inside and outside the mask, at the mask's size. */
async function chromaOf(bytes: Buffer, mask: { marked: Buffer; width: number; height: number }) {
  const { data } = await sharp(bytes)
    .resize(mask.width, mask.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({
      resolveWithObject: true,
    });
  const sums = { inside: [0, 0], outside: [0, 0] };
  for (let p = 0; p < mask.width * mask.height; p++) {
    const [r, g, b] = [data[3 * p], data[3 * p + 1], data[3 * p + 2]];
    const sum = mask.marked[p] > 0 ? sums.inside : sums.outside;
    sum[0] += Math.max(r, g, b) - Math.min(r, g, b);
    sum[1]++;
  }
  return { inside: sums.inside[0] / sums.inside[1], outside: sums.outside[0] / sums.outside[1] };
}

describe('Tap to select', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInDesktop('tapper@example.com'));
  });
  afterAll(() => context?.close());

  it('Chat to Edit asks for a thing it cannot find by itself to be tapped, and removes what one tap marks', async () => {
    await openEditor(page);
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    expect(await page.getByTestId('mask-canvas').count()).toBe(0);
    await page.getByTestId('prompt-input').fill(REQUEST);
    const preview = page.getByTestId('plan-preview');
    await preview.getByText('I will:').waitFor({ timeout: 10_000 });
    expect(await preview.textContent()).toMatch(
      /brighten.*remove "teaspoon": tap or paint it on the photo.*crop to 1:1/,
    );
    const step = page.getByTestId('mark-step');
    expect(await step.textContent()).toContain('Tap or paint "teaspoon" on the photo');
    expect(await markStatus(page)).toBe('To do');
    expect(await pressed(page, 'Select')).toBe('true');
    await shot(page, 'tap-1-step');

    await tapAt(page, SPOON);
    await page.getByTestId('select-busy').waitFor({ timeout: 5_000 });
    await shot(page, 'tap-2-selecting');
    await expect.poll(() => maskInk(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const { share, box } = await inkExtent(page);
    expect(share).toBeGreaterThan(0.003);
    expect(share).toBeLessThan(0.1);
    expect(box.left).toBeGreaterThan(0.45);
    expect(box.right).toBeLessThan(0.8);
    expect(box.left).toBeLessThan(SPOON[0]);
    expect(box.right).toBeGreaterThan(SPOON[0]);
    expect(await markStatus(page)).toBe('Done');
    expect(await page.getByTestId('tap-marker').count()).toBe(1);
    await shot(page, 'tap-3-marked');
    // Counted at the desktop size: the mask layer is drawn at the size the photo is shown, so on the phone it
    // has fewer pixels, and it is drawn again a moment after the window is resized.
    const marked = await maskInk(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotThemes(page, process.env.EDITOR_SCREENSHOTS, 'tap-4-phone', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
    await expect.poll(() => maskInk(page)).toBe(marked);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => maskInk(page)).toBe(0);
    expect(await markStatus(page)).toBe('To do');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => maskInk(page)).toBe(marked);

    const [request] = await Promise.all([
      page.waitForRequest((r) => /\/api\/process\//.test(r.url()) && r.method() === 'POST'),
      processAndWait(page),
    ]);
    expect(request.postDataJSON()).toMatchObject({ prompt: REQUEST });
    await expectToast(page, 'Processing complete');
    const done = await steps(page);
    expect(done).toHaveLength(3);
    expect(done[0]).toMatch(/bright/i);
    expect(done[1]).toBe('Removed "teaspoon"');
    expect(done[2]).toMatch(/1:1|square/i);
    await shot(page, 'tap-5-result');
    const { file, bytes } = await downloadResult(page);
    expect(file).toMatch(/\.png$/);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(meta.height);
    const change = await changeInsideAndOut(await original(page), bytes, await sentMask(request));
    expect(change.inside).toBeGreaterThan(change.outside + 20);
  });

  it('offers the same step when a run cannot find the thing named', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    await page.getByTestId('prompt-input').fill('remove the dog please');
    await page.getByTestId('plan-preview').getByText('I will:').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('mark-step').count()).toBe(0);
    await page.getByTestId('process-button').click();
    await expectToast(page, 'Processing failed', 'Tap or paint it on the photo');
    await page.getByTestId('mark-step').waitFor();
    expect(await page.getByTestId('mark-step').textContent()).toContain('Tap or paint the dog on the photo');
    await tapAt(page, SPOON);
    await expect.poll(() => maskInk(page), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await markStatus(page)).toBe('Done');
    await processAndWait(page);
    expect(await steps(page)).toEqual(['Removed the dog']);
  });

  it('keeps in colour what one tap shows: "black and white except the teaspoon"', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    await page.getByTestId('prompt-input').fill('make it black and white except the teaspoon');
    const preview = page.getByTestId('plan-preview');
    await preview.getByText('I will:').waitFor({ timeout: 10_000 });
    expect(await preview.textContent()).toContain(
      'black and white except "teaspoon": tap or paint it on the photo',
    );
    expect(await page.getByTestId('mark-step').textContent()).toContain(
      'Tap or paint "teaspoon" on the photo',
    );
    await tapAt(page, SPOON);
    await expect.poll(() => maskInk(page), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await markStatus(page)).toBe('Done');
    const [request] = await Promise.all([
      page.waitForRequest((r) => /\/api\/process\//.test(r.url()) && r.method() === 'POST'),
      processAndWait(page),
    ]);
    await expectToast(page, 'Processing complete');
    expect(await steps(page)).toEqual(['Made it black and white except "teaspoon"']);
    await shot(page, 'tap-colour-kept');
    const mask = await sentMask(request);
    const { bytes } = await downloadResult(page);
    const [before, after] = [await chromaOf(await original(page), mask), await chromaOf(bytes, mask)];
    expect(after.outside).toBeLessThan(1);
    expect(after.inside).toBeGreaterThan(before.inside * 0.8);
  });

  it('selects, refines and takes away with the Select tool in object removal, and undoes each tap', async () => {
    await page.getByRole('button', { name: 'New Image' }).click();
    await openEditor(page, 'object-removal');
    await upload(page, await photoFile('coffee.png', 480, 'png'));
    expect(await pressed(page, 'Brush')).toBe('true');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    expect(await pressed(page, 'Select')).toBe('true');

    await tapAt(page, SPOON);
    await tapsAnswered(page, 1);
    const first = await maskInk(page);
    expect(first).toBeGreaterThan(0);
    await tapAt(page, [SPOON[0] + 0.01, SPOON[1] - 0.03]);
    await tapsAnswered(page, 2);
    await tapAt(page, [0.5, 0.5], { holdMs: 700 });
    await tapsAnswered(page, 3);
    await shot(page, 'tap-6-object-removal');

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => maskInk(page)).toBe(first);
    expect(await page.getByTestId('tap-marker').count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => maskInk(page)).toBe(0);
    expect(await page.getByTestId('tap-marker').count()).toBe(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => maskInk(page)).toBe(first);

    await page.getByRole('button', { name: 'Brush' }).click();
    expect(await page.getByTestId('tap-marker').count()).toBe(0);
  });
});
