import type { PriceSpec, StripeObject } from './state';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#635bff;color:#fff;cursor:pointer}
.muted{color:#666;font-size:.9rem}</style></head><body>${body}</body></html>`;

/** The stand-in for Stripe's hosted checkout page: what is bought, and Pay. */
export function checkoutPage(session: StripeObject, prices: Record<string, PriceSpec>) {
  const price = prices[String(session._price)];
  const amount = price ? `$${(price.unitAmount / 100).toFixed(2)} per ${price.interval}` : '';
  if (session.status !== 'open')
    return layout('Checkout', `<h1>Checkout</h1><p>This checkout is ${escape(String(session.status))}.</p>`);
  return layout(
    'Checkout',
    `<h1>Test checkout</h1><p data-testid="amount">${escape(amount)}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<p class="muted"><a href="/checkout/${session.id}/back">Back</a></p>`,
  );
}

/** The stand-in for Stripe's customer portal: the subscription, cancel at period end, and the way back. */
export function portalPage(id: string, subscriptions: StripeObject[], returnUrl: string) {
  const live = subscriptions.find((s) => s.status !== 'canceled');
  const status = live
    ? `${escape(String(live.status))}${live.cancel_at_period_end ? ', cancels at period end' : ''}`
    : 'no subscription';
  return layout(
    'Customer portal',
    `<h1>Test customer portal</h1><p data-testid="portal-status">${status}</p>
<form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel plan</button></form>
<p><a href="${escape(returnUrl)}">Return to the app</a></p>`,
  );
}
