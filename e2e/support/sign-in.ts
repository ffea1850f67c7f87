/**
 * Signs in through the Firebase Auth emulator's Google popup, as a person would.
 *
 *   await signInWithEmulatorPopup(page, () => page.getByRole('button', { name: 'Sign in' }).click(), {
 *     email: 'ada@example.com',
 *     name: 'Ada Lovelace',
 *   });
 *
 * `clickSignIn` must make the app call signInWithPopup; the helper catches the popup it opens. If the emulator
 * already has a Google account with that e-mail, the popup's entry for it (li.js-reuse-account) is picked and the
 * stored name is kept; otherwise 'Add new account' is filled with the e-mail and name and submitted.
 * It resolves when the popup has closed, which the SDK does once it has the credential: assert on the app's page
 * afterwards (signInWithPopup may still be finishing its token exchange at that moment).
 *
 * Needs a context from newOfflineContext (browser.ts), or any context that can load Google's gapi script.
 */
import { type Page } from 'playwright-core';

export type EmulatorAccount = { email: string; name: string };

export async function signInWithEmulatorPopup(
  page: Page,
  clickSignIn: () => Promise<void>,
  account: EmulatorAccount,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000;
  const [popup] = await Promise.all([page.waitForEvent('popup', { timeout }), clickSignIn()]);
  const closed = popup.waitForEvent('close', { timeout });
  await popup.waitForLoadState('domcontentloaded', { timeout });

  const existing = popup
    .locator('li.js-reuse-account')
    .filter({ has: popup.getByText(account.email, { exact: true }) });
  if ((await existing.count()) > 0) {
    await existing.first().click({ timeout });
  } else {
    await popup.locator('#add-account-button').click({ timeout });
    await popup.locator('#email-input').fill(account.email, { timeout });
    await popup.locator('#display-name-input').fill(account.name, { timeout });
    await popup.getByRole('button', { name: /Sign in with Google\.com/i }).click({ timeout });
  }
  await closed;
}
