/*
 * The public face of the product in Debian's Chromium: every public route renders its content (also as
 * prerendered HTML, without JavaScript), the Tools dropdown and the mobile menu navigate, Learn More scrolls to
 * the features, the landing page shows the engines' showcase results as before/after sliders that follow the mouse
 * and the keyboard, the gallery's buttons and counter work and it shows each result with its PSNR,
 * and unknown paths show the not-found page with status 404. The built client is served by a small static server
 * that follows the production server's rule (/x/y -> dist/client/x/y/index.html when it exists, /editor ->
 * dist/client/index.html, anything else -> dist/client/404.html with status 404);
 * /api answers 503, so the pages are exercised signed out, as a first-time visitor sees them.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES } from '@common/modes';
// The module itself rather than the blog feature's index, which would load the articles and their components.
import { ARTICLE_SLUGS as SLUGS } from '@client/features/blog/model/slugs';
import { launchBrowser, newOfflineContext } from './support/browser.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist/client');
const HOME_TITLE = 'AI Photo Cleanup Tool - Magic Eraser & Chat to Edit';
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

async function fileIfExists(path: string) {
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

function serveDist(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'No API in this test' } }));
      return;
    }
    const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    const file =
      (await fileIfExists(join(DIST, safe))) ??
      (extname(safe) ? null : await fileIfExists(join(DIST, safe, 'index.html'))) ??
      (safe.replace(/\/+$/, '') === '/editor' ? join(DIST, 'index.html') : null);
    if (!file) {
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      res.end(await readFile(join(DIST, '404.html')));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    }),
  );
}

describe('public pages', () => {
  let browser: Browser;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // dist/client is built from the current sources: server/test/support/build-if-stale.global.ts.
    ({ server, url: base } = await serveDist());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise((done) => server.close(done));
  });

  async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await newOfflineContext(browser, options);
    const page = await context.newPage();
    await page.goto(base + path);
    return page;
  }

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });

  it('renders every public route with its own content', async () => {
    const page = await open('/');
    const expectations: [string, RegExp][] = [
      ['/', /AI Photo Cleanup Tool - Magic Eraser & Chat to Edit/],
      ['/pricing', /Simple plans/],
      ['/blog', /Photo cleanup guides/],
      ['/test-results', /Watermark removal test results/],
    ];
    for (const [path, title] of expectations) {
      await page.goto(base + path);
      await expect.poll(() => heading(page).textContent()).toMatch(title);
    }
    await page.goto(base + '/pricing');
    for (const [plan, price] of [
      ['free', '$0'],
      ['monthly', '$9.99'],
      ['yearly', '$99.99'],
    ]) {
      await expect.poll(() => page.getByTestId(`plan-${plan}`).textContent()).toContain(price);
    }
    expect(await page.getByTestId('plan-yearly').textContent()).toContain('Save 17%');
    expect(await page.getByTestId('plan-free').textContent()).toContain('Uploads up to 10 MB');
    expect(await page.getByTestId('plan-monthly').textContent()).toContain('Uploads up to 25 MB');

    await page.goto(base + '/blog');
    expect(await page.locator('main article').count()).toBe(7);
    for (const slug of SLUGS) {
      await page.goto(`${base}/blog/${slug}`);
      await expect.poll(() => page.getByText('Frequently asked questions').count()).toBe(1);
      expect(await page.locator('time').first().textContent()).toBe('October 11, 2025');
      expect(await page.getByRole('link', { name: /Open the Editor/ }).getAttribute('href')).toMatch(
        /^\/editor\?mode=/,
      );
      expect(await page.getByRole('link', { name: 'Back to Blog' }).count()).toBeGreaterThan(0);
    }
    // The headshot article's examples are the engine's own pictures, served and decoded.
    await page.goto(`${base}/blog/create-professional-headshots-ai`);
    const examples = page.locator('figure img');
    expect(await examples.count()).toBe(2);
    for (const img of await examples.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.context().close();
  });

  it('serves the public pages as prerendered HTML with their own head tags', async () => {
    for (const slug of SLUGS) {
      const html = await (await fetch(`${base}/blog/${slug}`)).text();
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:5000/blog/${slug}"`);
      expect(html).toContain('"@type":"FAQPage"');
      expect(html).toContain('property="og:title"');
      expect(html).toContain('Frequently asked questions');
    }
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain(HOME_TITLE.replace('&', '&amp;'));
    expect(home).toContain('id="features"');
    // The showcase sliders and the gallery's first result are in the HTML, so nothing pops in on hydration.
    expect(home).toContain('data-testid="results-slider-object-removal"');
    const gallery = await (await fetch(`${base}/test-results`)).text();
    expect(gallery).toContain('data-testid="gallery-psnr"');
    expect(gallery).toContain('data-testid="gallery-average-result"');
  });

  it('shows the not-found page with status 404 for unknown paths, with a way back', async () => {
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
    const page = await open('/no/such/page');
    await expect.poll(() => heading(page).textContent()).toBe('Page not found');
    expect(await page.title()).toBe('Page not found | Cleanup Studio');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect.poll(() => heading(page).textContent()).toBe(HOME_TITLE);
    await page.context().close();
  });

  it('opens the editor in the mode picked from the Tools dropdown', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    const items = page.getByRole('menuitem');
    expect(await items.count()).toBe(MODES.length);
    await items.filter({ hasText: 'Background Removal' }).click();
    await page.waitForURL(/\/editor\?mode=background-removal$/);
    // Signed out, the editor asks for sign-in; closing the dialog goes home.
    const dialog = page.getByRole('dialog', { name: 'Sign in required' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${base}/`);
    await page.context().close();
  });

  it('navigates from the mobile slide-out menu', async () => {
    const page = await open('/', PHONE);
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    expect(await menu.getByRole('link').filter({ hasText: 'Object Removal' }).count()).toBe(1);
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${base}/blog`);
    await expect.poll(() => heading(page).textContent()).toBe('Photo cleanup guides');
    await page.context().close();
  });

  it('scrolls to the features with Learn More', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect
      .poll(() => page.locator('#features').evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120))
      .toBe(true);
    await page.context().close();
  });

  it('shows one slider per showcase result of the manifest, with its real images', async () => {
    const manifest = JSON.parse(await readFile(join(DIST, 'generated/results/manifest.json'), 'utf8')) as {
      entries: { mode: string; before: string; after: string; width: number; height: number }[];
    };
    const page = await open('/');
    const section = page.locator('section[aria-labelledby="see-the-results"]');
    await section.waitFor();
    expect(manifest.entries.map((e) => e.mode)).toEqual([
      'object-removal',
      'background-removal',
      'professional-photo',
    ]);
    for (const entry of manifest.entries) {
      const slider = page.getByTestId(`results-slider-${entry.mode}`);
      await slider.scrollIntoViewIfNeeded();
      for (const src of [entry.before, entry.after]) {
        const img = slider.locator(`img[src="${src}"]`);
        expect(await img.getAttribute('width')).toBe(String(entry.width));
        expect(await img.getAttribute('height')).toBe(String(entry.height));
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
          .toBe(entry.width);
      }
    }
    await page.context().close();
  });

  it('moves a before/after slider with the mouse and the keyboard', async () => {
    const page = await open('/');
    const slider = page.getByTestId('results-slider-object-removal');
    await slider.scrollIntoViewIfNeeded();
    const handle = slider.getByRole('slider');
    expect(await handle.getAttribute('aria-valuenow')).toBe('50');

    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(20, -1);
    // Released: moving the mouse no longer drags.
    await page.mouse.move(box.x + box.width * 0.8, y, { steps: 3 });
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(20, -1);

    await handle.focus();
    const before = Number(await handle.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowRight');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(before + 5);
    await page.keyboard.press('End');
    expect(await handle.getAttribute('aria-valuenow')).toBe('100');
    await page.context().close();
  });

  it('steps through the 15 gallery photos and switches between result and clean reference', async () => {
    const page = await open('/test-results');
    const counter = page.getByTestId('gallery-counter');
    await expect.poll(() => counter.textContent()).toBe('Image 1 of 15');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => counter.textContent()).toBe('Image 2 of 15');
    await page.getByRole('button', { name: 'Previous image' }).click();
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(() => counter.textContent()).toBe('Image 15 of 15');

    // Every photo has the engine's result, with its PSNR and the watermarked photo's beside it.
    const manifest = JSON.parse(await readFile(join(DIST, 'generated/gallery/manifest.json'), 'utf8')) as {
      entries: { source: string; result: string | null; psnr: number | null; psnrWatermarked: number }[];
    };
    expect(manifest.entries.every((e) => e.result !== null && typeof e.psnr === 'number')).toBe(true);
    const last = manifest.entries[14];
    expect(await page.getByTestId('gallery-pending').count()).toBe(0);
    expect(await page.getByText('Results pending').count()).toBe(0);
    const result = page.getByRole('img', { name: `${last.source} after watermark removal` });
    expect(await result.getAttribute('src')).toBe(last.result);
    await expect.poll(() => result.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId('gallery-psnr').textContent()).toBe(`${last.psnr!.toFixed(2)} dB`);
    expect(await page.getByTestId('gallery-psnr-watermarked').textContent()).toBe(
      `${last.psnrWatermarked.toFixed(2)} dB`,
    );
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(await page.getByTestId('gallery-average-result').textContent()).toBe(
      `${mean(manifest.entries.map((e) => e.psnr!)).toFixed(2)} dB`,
    );
    expect(await page.getByTestId('gallery-average-watermarked').textContent()).toBe(
      `${mean(manifest.entries.map((e) => e.psnrWatermarked)).toFixed(2)} dB`,
    );

    await page.getByRole('button', { name: 'Show Clean Reference' }).click();
    expect(await page.getByRole('img', { name: /without watermark \(reference\)/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.context().close();
  });

  it('keeps the chosen theme, dark by default', async () => {
    const page = await open('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.context().close();
  });

  it('refuses an empty contact message with the spec toast', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog');
    // The toast itself, not the screen-reader announcement Radix renders beside it for a moment.
    const toast = page.locator('ol li').getByText('Message required', { exact: true });
    expect(await dialog.getByPlaceholder('How can we help you?').getAttribute('rows')).toBe('5');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toast.count()).toBe(1);

    // A toast dismisses itself after 5000 ms; F8 moves focus to the notification area once the modal dialog,
    // which keeps focus inside itself, is closed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await toast.count()).toBe(1);
    await expect.poll(() => toast.count(), { timeout: 8000 }).toBe(0);
    await page.keyboard.press('F8');
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[aria-label="Notifications (F8)"]')))
      .toBe(true);
    await page.context().close();
  });
});
