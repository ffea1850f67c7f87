import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { useAppAndBrowser } from './app-and-browser.ts';
import type { RunningApp } from './app-server.ts';
import { newOfflineContext, screenshotThemes } from './browser.ts';
import type { PhotoFile } from './editor-page.ts';
import { signInWithEmulatorPopup } from './sign-in.ts';

/**
 * An editor session over the file's own app and browser (`useAppAndBrowser`), which also checks after every test
 * that no page threw. `env()` gives the app and browser for what the session does not cover.
 */
export function useEditorSession() {
  const env = useAppAndBrowser();
  const session = editorSession(env);
  afterEach(() => {
    expect(session.pageErrors.splice(0)).toEqual([]);
  });
  return { ...session, env };
}

/**
 * The editor's steps as a person takes them, for one running app and browser: sign in, open a mode, upload,
 * process, read toasts, and (with EDITOR_SCREENSHOTS=folder) save each stage in the light and dark themes.
 * Uncaught page errors are collected; a suite checks `pageErrors` is empty after every test.
 */
export function editorSession(env: () => { app: RunningApp; browser: Browser }) {
  const pageErrors: string[] = [];
  const shot = (page: Page, name: string) => screenshotThemes(page, process.env.EDITOR_SCREENSHOTS, name);

  /** A desktop-sized context with downloads on, signed in as `email`. */
  async function signedInDesktop(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newOfflineContext(env().browser, {
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
    });
    return { context, page: await signedInPage(context, email) };
  }

  async function signedInPage(context: BrowserContext, email: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${env().app.url}/`);
    await signInWithEmulatorPopup(page, () => page.getByTestId('header-sign-in').click(), {
      email,
      name: 'Grace Hopper',
    });
    await page.getByTestId('user-menu-trigger').waitFor({ timeout: 30_000 });
    return page;
  }

  async function openEditor(page: Page, mode?: string) {
    await page.goto(`${env().app.url}/editor${mode ? `?mode=${mode}` : ''}`);
    await page.getByTestId('upload-zone').waitFor({ timeout: 30_000 });
  }

  async function upload(page: Page, photo: PhotoFile) {
    await page.getByTestId('file-input').setInputFiles(photo);
    await page.getByTestId('process-button').waitFor({ timeout: 30_000 });
    await page.getByTestId('image-stage').locator('img').first().waitFor();
  }

  async function expectToast(page: Page, title: string, text?: string) {
    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
    if (text) expect(await region.textContent()).toContain(text);
  }

  async function processAndWait(page: Page) {
    await page.getByTestId('process-button').click();
    await page.getByTestId('compare-slider').waitFor({ timeout: 150_000 });
  }

  /** The photo the result is compared with, as the server sends it. */
  async function original(page: Page): Promise<Buffer> {
    const src = await page.getByTestId('compare-slider').locator('img').nth(1).getAttribute('src');
    return (await page.request.get(`${env().app.url}${src}`)).body();
  }

  return { pageErrors, shot, signedInDesktop, openEditor, upload, expectToast, processAndWait, original };
}
