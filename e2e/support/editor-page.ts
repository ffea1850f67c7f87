/**
 * Helpers for driving the editor as a person does: photos from assets/photos at a test size, painting with the
 * mouse or a finger, and reading what the mask layer and the downloads hold.
 *
 *   const photo = await photoFile('Wood.jpg', 640);            // { name, mimeType, buffer } for setInputFiles
 *   await paint(page, [[0.3, 0.4], [0.6, 0.45]]);              // a stroke across the mask canvas (fractions)
 *   await paintByTouch(page, [[0.3, 0.4], [0.6, 0.45]]);      // the same with touch events (needs hasTouch)
 *   await paintByTouch(page, [[0.5, 0.5], [0.2, 0.5]], 'compare-slider');   // a finger drag on another element
 *   await tapAt(page, [0.6, 0.7], { shift: true, holdMs: 0 });  // a click on the mask canvas (Select tool)
 *   await maskInk(page);                                       // painted pixels on the mask layer
 *   const { file, bytes } = await downloadResult(page);       // clicks Download, returns the saved file
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

const PHOTOS = fileURLToPath(new URL('../../assets/photos', import.meta.url));

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real photo, made `width` px wide so the engines answer in seconds; JPEG unless a PNG is asked for. */
export async function photoFile(
  source: string,
  width: number,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<PhotoFile> {
  const resized = sharp(await readFile(path.join(PHOTOS, source))).resize({ width });
  const buffer =
    format === 'png' ? await resized.png().toBuffer() : await resized.jpeg({ quality: 92 }).toBuffer();
  const base = source.replace(/\.[^.]+$/, '');
  return { name: `${base}.${format === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${format}`, buffer };
}

type Stroke = [number, number][];

async function boxOf(page: Page, testId = 'mask-canvas') {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not visible`);
  return box;
}

/** Presses the mouse at the first point, drags through the others and releases. */
export async function paint(page: Page, stroke: Stroke): Promise<void> {
  const box = await boxOf(page);
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await page.mouse.move(...at(stroke[0]));
  await page.mouse.down();
  for (const point of stroke.slice(1)) await page.mouse.move(...at(point), { steps: 8 });
  await page.mouse.up();
}

/** A click at a point of the mask canvas (fractions), with shift held or the button held `holdMs`. */
export async function tapAt(
  page: Page,
  [fx, fy]: [number, number],
  { shift = false, holdMs = 0 }: { shift?: boolean; holdMs?: number } = {},
): Promise<void> {
  const box = await boxOf(page);
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.down();
  if (holdMs) await page.waitForTimeout(holdMs);
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
}

/**
 * The same gesture with a finger, through the browser's touch input (the page gets touch pointer events), on
 * the element with `testId` (the mask canvas by default).
 */
export async function paintByTouch(page: Page, stroke: Stroke, testId = 'mask-canvas'): Promise<void> {
  const box = await boxOf(page, testId);
  const cdp = await page.context().newCDPSession(page);
  const point = ([fx, fy]: [number, number]) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(stroke[0])] });
  for (let i = 1; i < stroke.length; i++) {
    const [a, b] = [stroke[i - 1], stroke[i]];
    for (let t = 1; t <= 8; t++) {
      const p: [number, number] = [a[0] + ((b[0] - a[0]) * t) / 8, a[1] + ((b[1] - a[1]) * t) / 8];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(p)] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** How many pixels of the visible mask layer are painted. */
export function maskInk(page: Page): Promise<number> {
  return page.getByTestId('mask-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
    return count;
  });
}

/** Clicks Download and returns the suggested file name and the bytes the browser saved. */
export async function downloadResult(page: Page): Promise<{ file: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  const saved = await download.path();
  return { file: download.suggestedFilename(), bytes: await readFile(saved) };
}

/** Mean absolute difference per channel (0..255) inside a rectangle given in fractions of the image. */
export async function meanDifference(
  a: Buffer,
  b: Buffer,
  rect: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const meta = await sharp(a).metadata();
  const region = {
    left: Math.round(rect.left * meta.width!),
    top: Math.round(rect.top * meta.height!),
    width: Math.round(rect.width * meta.width!),
    height: Math.round(rect.height * meta.height!),
  };
  const read = (img: Buffer) =>
    sharp(img).resize(meta.width!, meta.height!).removeAlpha().extract(region).raw().toBuffer();
  const [x, y] = await Promise.all([read(a), read(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}
