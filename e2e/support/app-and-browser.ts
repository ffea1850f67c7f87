import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchBrowser } from './browser.ts';

/**
 * Starts the built app and a browser before the file's tests and stops them after: call at the top of a file;
 * the answer reads them once they are up.
 */
export function useAppAndBrowser(): () => { app: RunningApp; browser: Browser } {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return () => ({ app, browser });
}
