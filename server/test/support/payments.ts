import type { Database } from '../../src/db/client';
import type { App } from '../../src/http/types';
import type { Clock } from '../../src/lib/clock';
import type { DatabaseTarget } from './databases';
import { fakeVerifier } from './fake-verifier';
import { stripeSignature } from './stripe/signature';
import { startStripeStub, type StripeStub, type StripeStubOptions } from './stripe/server';
import { buildTestApp } from './test-app';

export const STRIPE_TEST = {
  secretKey: 'sk_test_loopback',
  webhookSecret: 'whsec_loopback',
  monthly: 'price_monthly_test',
  yearly: 'price_yearly_test',
  /** A price that exists in the Stripe account but is not one of the app's plans. */
  other: 'price_other_test',
};

export const STRIPE_PRICES = {
  [STRIPE_TEST.monthly]: { interval: 'month', unitAmount: 999 },
  [STRIPE_TEST.yearly]: { interval: 'year', unitAmount: 9999 },
  [STRIPE_TEST.other]: { interval: 'month', unitAmount: 100 },
} as const;

export function startTestStripe(options: Partial<StripeStubOptions> = {}) {
  return startStripeStub({
    secretKey: STRIPE_TEST.secretKey,
    webhookSecret: STRIPE_TEST.webhookSecret,
    prices: STRIPE_PRICES,
    ...options,
  });
}

/** The app's Stripe settings, pointed at a stand-in. */
export function stripeEnv(apiUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STRIPE_TEST.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST.webhookSecret,
    STRIPE_PRICE_MONTHLY: STRIPE_TEST.monthly,
    STRIPE_PRICE_YEARLY: STRIPE_TEST.yearly,
    STRIPE_API_URL: apiUrl,
  };
}

/** POSTs an event to the webhook endpoint as Stripe does: pretty-printed JSON, signed over its exact bytes. */
export function deliverEvent(
  sut: App,
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? stripeSignature(payload, options.secret ?? STRIPE_TEST.webhookSecret, options.timestamp)
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return sut.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers,
    payload: options.tamper ? payload.replace('"livemode": false', '"livemode": true') : payload,
  });
}

/** A database, the Stripe stand-in and the app wired to it; `close` ends all three. */
export async function startPaymentsApp(target: DatabaseTarget, clock?: Clock) {
  const database: Database = await target.open();
  const stripe: StripeStub = await startTestStripe(clock ? { now: () => clock.now() } : {});
  const sut: App = await buildTestApp({
    database,
    verifier: fakeVerifier,
    clock,
    env: stripeEnv(stripe.url),
  });
  return {
    database,
    stripe,
    sut,
    async close() {
      await sut.close();
      await stripe.stop();
      await database.close();
    },
  };
}
