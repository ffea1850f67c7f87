/*
 * Subscribing as a person does it, against the real app started as `npm start` starts it, with a loopback Stripe
 * stand-in for Stripe's API, hosted checkout and customer portal: Subscribe Monthly, sign in, pay on the
 * checkout page, come back, see the plan arrive with the webhook, then Manage subscription and cancel.
 * With PAYMENTS_SCREENSHOTS=folder it also saves the pricing page with the current plan, light and dark.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStripe, stripeEnv } from '../server/test/support/payments.ts';
import type { StripeStub } from '../server/test/support/stripe/server.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { launchBrowser, newOfflineContext, screenshotThemes } from './support/browser.ts';
import { signInWithEmulatorPopup } from './support/sign-in.ts';

let stripe: StripeStub;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The webhook arrives a moment after the browser is back, as it often does with Stripe.
  stripe = await startTestStripe({ webhookDelayMs: 2500 });
  [app, browser] = await Promise.all([startApp(stripeEnv(stripe.url)), launchBrowser()]);
  stripe.setWebhookUrl(`${app.url}/api/webhooks/stripe`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stripe?.stop();
});

const shot = (page: Page, name: string) =>
  screenshotThemes(page, process.env.PAYMENTS_SCREENSHOTS, name, { fullPage: true });

describe('subscribing with Stripe', () => {
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    context = await newOfflineContext(browser, { viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(() => context?.close());

  it('subscribes to Monthly through checkout and shows the plan once the webhook lands', async () => {
    await page.goto(`${app.url}/pricing`);
    await signInWithEmulatorPopup(
      page,
      async () => {
        await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
        await page.getByRole('button', { name: /Sign in with Google/ }).click();
      },
      { email: 'ada@example.com', name: 'Ada Lovelace' },
    );

    await page.waitForURL(`${stripe.url}/checkout/**`, { timeout: 30_000 });
    expect(await page.getByTestId('amount').textContent()).toBe('$9.99 per month');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${app.url}/pricing**`);
    await page.getByText('Payment received, activating your plan...').waitFor({ timeout: 10_000 });
    await page.getByText('Your Monthly plan is active.').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');
    const currentPlan = page.getByTestId('current-plan');
    expect(await currentPlan.textContent()).toMatch(/Your plan: Monthly · Renews \d{1,2} \w{3}/);
    expect(await currentPlan.textContent()).toContain('100 of 100 credits left this month');
    expect(await page.getByTestId('plan-monthly').getAttribute('data-current')).toBe('true');
    expect(await page.getByTestId('plan-free').getAttribute('data-current')).toBeNull();
    await shot(page, 'pricing-current-plan');

    // A renewal payment fails: the plan keeps working and every page asks for a new card.
    const [subscription] = stripe.state.subscriptions.values();
    stripe.state.renew(subscription.id, false);
    await stripe.deliverPending(0);
    await page.reload();
    const banner = page.getByTestId('payment-problem');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('Your last payment did not go through');
    expect(await page.getByTestId('current-plan').textContent()).toContain('Payment failed');
    await shot(page, 'pricing-payment-failed');

    await page.getByTestId('user-menu-trigger').click();
    expect(await page.getByTestId('user-plan').textContent()).toMatch(
      /Monthly plan · 100 credits left.*Payment failed/,
    );
    await page.getByRole('menuitem', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    expect(await page.getByTestId('portal-status').textContent()).toBe('past_due');

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    await expect
      .poll(async () => (await page.reload(), await page.getByTestId('current-plan').textContent()), {
        timeout: 20_000,
      })
      .toMatch(/Monthly until \d{1,2} \w{3}( \d{4})?, then Free/);
    await shot(page, 'pricing-cancelling');
    expect(pageErrors).toEqual([]);
  });
});
