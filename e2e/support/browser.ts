/**
 * Debian's Chromium driven by playwright-core, with the network cut down to loopback for offline tests.
 *
 *   const browser = await launchBrowser();                  // headless /usr/bin/chromium (CHROMIUM_PATH overrides)
 *   const context = await newOfflineContext(browser);      // routes below; Playwright context options pass through
 *   const page = await context.newPage();
 *   ...
 *   await browser.close();
 *
 * Every page, iframe and popup of the context:
 * - gets GAPI_URL (Google's gapi loader, which Firebase's signInWithPopup needs even against the Auth emulator)
 *   answered with gapi-stand-in.js from this folder;
 * - may reach loopback hosts (127.0.0.1, localhost, [::1]) and data:/blob: URLs;
 * - has every other request aborted at once, so a CDN link (the emulator's sign-in page has some) fails fast
 *   instead of stalling the page.
 * Routes a test adds later take precedence (Playwright's rule); call route.fallback() in them to reach these.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Route,
} from 'playwright-core';

export const GAPI_URL = 'https://apis.google.com/js/api.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const GAPI_STAND_IN = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newOfflineContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route(() => true, answerOffline);
  return context;
}

async function answerOffline(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (`${url.origin}${url.pathname}` === GAPI_URL) {
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*' },
      body: GAPI_STAND_IN,
    });
  } else if (LOOPBACK_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') {
    await route.continue();
  } else {
    await route.abort('internetdisconnected');
  }
}

/**
 * With a folder, saves the page as `name-light.png` and `name-dark.png` in it, switching the theme as the
 * toggle does; without one, does nothing (screenshots are for looking at, on request).
 */
export async function screenshotThemes(
  page: Page,
  folder: string | undefined,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.waitForTimeout(150);
    // (colour transitions left running would catch the new theme half-way: links and buttons come out faded)
    await page.screenshot({
      path: path.join(folder, `${name}-${theme}.png`),
      fullPage: options.fullPage,
      animations: 'disabled',
    });
  }
}
