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
 * afterwards (signInWithPopup may still be finishing its token exchange at that moment). It rejects with the
 * emulator's own message when the popup reports an internal error (for example when the app's
 * Cross-Origin-Opener-Policy is same-origin), and after `timeoutMs` (30 s) at any step otherwise.
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
  closed.catch(() => undefined);
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
  await Promise.race([closed, failureShownIn(popup, timeout)]);
}

// The emulator's page writes 'Auth Emulator Internal Error: ...' over its body and stays open when it cannot hand
// the result back, most often because the app page's Cross-Origin-Opener-Policy cut the popup off from its opener.
async function failureShownIn(popup: Page, timeout: number): Promise<never> {
  const marker = 'Auth Emulator Internal Error';
  try {
    // The error replaces the whole body with text; before that the marker is only inside the page's own script.
    await popup.waitForFunction(
      (text) => document.body?.childElementCount === 0 && document.body.textContent?.includes(text),
      marker,
      { timeout },
    );
  } catch {
    return new Promise<never>(() => {});
  }
  const shown = (await popup.textContent('body').catch(() => '')) ?? '';
  throw new Error(
    `The Auth emulator's popup could not finish sign-in: ${shown.trim().split('\n')[0]}. ` +
      `If it says 'No matching frame', the app page is probably sent with Cross-Origin-Opener-Policy: same-origin, ` +
      `which hides the opener from the popup; send same-origin-allow-popups instead.`,
  );
}
