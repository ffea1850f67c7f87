/*
 * Proof that the browser-test harness signs in offline end to end: a page built from harness-page/ with the real
 * Firebase JS SDK opens the Auth emulator's Google popup, the helpers fill it in, and firebase-admin verifies the
 * ID token the page received. Dialogs are recorded because the emulator's helper iframe reports a broken gapi
 * message exchange with alert().
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../server/test/support/emulator.ts';
import { freePort } from './app-server.ts';
import { launchBrowser, newOfflineContext } from './browser.ts';
import { signInWithEmulatorPopup } from './sign-in.ts';

const PAGE_SOURCE = fileURLToPath(new URL('./harness-page', import.meta.url));
const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' };

describe('signing in through the Auth emulator popup, offline', () => {
  let emulator: TestEmulator;
  let browser: Browser;
  let bundleDir: string;
  let server: Server;
  let pageUrl: string;

  beforeAll(async () => {
    bundleDir = await mkdtemp(join(tmpdir(), 'sign-in-harness-'));
    [emulator] = await Promise.all([startTestEmulator(await freePort()), buildPage(bundleDir)]);
    server = await serveFolder(bundleDir);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    pageUrl = `http://127.0.0.1:${port}/?emulator=${encodeURIComponent(emulator.url)}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise((done) => server.close(done));
    await emulator?.stop();
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  it('signs a new Google account in and hands the page an ID token that firebase-admin verifies', async () => {
    const { page, dialogs, close } = await openPage(browser, pageUrl);

    await signInWithEmulatorPopup(page, () => page.click('#sign-in'), ADA);

    await expect.poll(() => page.textContent('#user-name')).toBe(ADA.name);
    expect(await page.textContent('#user-email')).toBe(ADA.email);
    expect(await page.textContent('#error')).toBe('');
    const decoded = await verifyIdToken(emulator, await page.inputValue('#id-token'));
    expect(decoded).toMatchObject({
      email: ADA.email,
      name: ADA.name,
      aud: emulator.projectId,
      firebase: { sign_in_provider: 'google.com' },
    });
    expect(dialogs).toEqual([]);
    await close();
  });

  it('offers the existing account on the next sign-in and picking it gives the same user', async () => {
    await emulator.clearAccounts();
    const first = await openPage(browser, pageUrl);
    await signInWithEmulatorPopup(first.page, () => first.page.click('#sign-in'), ADA);
    await expect.poll(() => first.page.inputValue('#id-token')).not.toBe('');
    const firstUid = (await verifyIdToken(emulator, await first.page.inputValue('#id-token'))).uid;
    await first.close();

    const second = await openPage(browser, pageUrl);
    const [popup] = await Promise.all([second.page.waitForEvent('popup'), second.page.click('#sign-in')]);
    await expect.poll(() => popup.locator('li.js-reuse-account').count()).toBe(1);
    await popup.locator('li.js-reuse-account').click();
    await expect.poll(() => second.page.inputValue('#id-token')).not.toBe('');
    const secondUid = (await verifyIdToken(emulator, await second.page.inputValue('#id-token'))).uid;

    expect(secondUid).toBe(firstUid);
    expect(await second.page.textContent('#user-name')).toBe(ADA.name);
    expect([...first.dialogs, ...second.dialogs]).toEqual([]);
    await second.close();
  });

  // A loaded 2-core machine can take longer than the SDK's 5 s ping timeout to bring up the emulator's helper
  // iframe; the stand-in only hands the iframe to the SDK once it has loaded, as a slow network would with gapi.
  it('still signs in when the helper iframe loads slower than the SDK ping timeout', async () => {
    const { page, dialogs, close } = await openPage(browser, pageUrl, (context) =>
      context.route('**/emulator/auth/iframe?*', async (route) => {
        await new Promise((done) => setTimeout(done, 6000));
        await route.continue();
      }),
    );

    await signInWithEmulatorPopup(page, () => page.click('#sign-in'), ADA);

    await expect.poll(() => page.textContent('#user-name')).toBe(ADA.name);
    expect(await page.textContent('#error')).toBe('');
    expect(dialogs).toEqual([]);
    await close();
  });
});

async function openPage(
  browser: Browser,
  url: string,
  prepare: (context: BrowserContext) => Promise<unknown> = async () => {},
): Promise<{ page: Page; dialogs: string[]; close(): Promise<void> }> {
  const context = await newOfflineContext(browser);
  await prepare(context);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  return { page, dialogs, close: () => context.close() };
}

async function verifyIdToken(emulator: TestEmulator, idToken: string) {
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const app = initializeApp({ projectId: emulator.projectId }, `verify-${Date.now()}-${Math.random()}`);
  try {
    return await getAuth(app).verifyIdToken(idToken);
  } finally {
    await deleteApp(app);
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  }
}

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: PAGE_SOURCE,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: false },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

function serveFolder(root: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = join(root, normalize(path === '/' ? '/index.html' : path));
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}
