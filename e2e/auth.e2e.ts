/*
 * Sign-in as a person does it, against the real app started as `npm start` starts it: the Firebase Auth
 * emulator's account chooser in a popup, the avatar menu, the contact dialog, a reload, and sign-out.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { newOfflineContext } from './support/browser.ts';
import { signInWithEmulatorPopup } from './support/sign-in.ts';

const env = useAppAndBrowser();

describe('signing in through the emulator', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newOfflineContext(env().browser, { viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('signs in, sends a message, stays signed in after a reload, and signs out to /', async () => {
    await page.goto(`${env().app.url}/`);
    await signInWithEmulatorPopup(page, () => page.getByTestId('header-sign-in').click(), {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    const menu = page.getByTestId('user-menu-trigger');
    await menu.waitFor({ timeout: 30_000 });
    await menu.click();
    expect(await page.getByTestId('user-display-name').textContent()).toBe('Ada Lovelace');
    await expect(page.getByRole('menuitem', { name: 'ada@example.com' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Contact' }).first().click();
    const email = page.locator('#contact-email');
    expect(await email.inputValue()).toBe('ada@example.com');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByPlaceholder('How can we help you?').fill('The eraser is great, thank you.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent!', { exact: true }).waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByTestId('user-menu-trigger').waitFor({ timeout: 30_000 });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);

    await page.goto(`${env().app.url}/pricing`);
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${env().app.url}/`);
    await page.getByTestId('header-sign-in').waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(me).toBe(401);
  });

  it('refuses an empty message with the "Message required" toast and sends nothing', async () => {
    await page.goto(`${env().app.url}/`);
    await signInWithEmulatorPopup(page, () => page.getByTestId('header-sign-in').click(), {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    await page.getByTestId('user-menu-trigger').waitFor({ timeout: 30_000 });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posts.push(r.method());
    });
    await page.getByRole('button', { name: 'Contact' }).first().click();
    await page.getByPlaceholder('How can we help you?').fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message required', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(posts).toEqual([]);
  });
});
