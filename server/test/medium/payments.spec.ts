/**
 * The subscription lifecycle end to end: the app with its real routes, services and database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), the real `stripe` SDK talking to a loopback Stripe stand-in, and
 * webhook bodies signed as Stripe signs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { addUtc } from '../../src/domain/credit-period';
import type { App } from '../../src/http/types';
import { createPlanChangeRepository } from '../../src/repositories/plan-change.repository';
import { databaseTargets } from '../support/databases';
import { bearer, fakeVerifier } from '../support/fake-verifier';
import { deliverEvent, startPaymentsApp, STRIPE_TEST } from '../support/payments';
import type { StripeStub } from '../support/stripe/server';
import { buildTestApp } from '../support/test-app';

describe.each(databaseTargets())('subscriptions on $name', (target) => {
  let database: Database;
  let stripe: StripeStub;
  let sut: App;
  let now = new Date();
  const clock = { now: () => now };

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, stripe, sut, close } = await startPaymentsApp(target, clock));
  });
  afterAll(() => close?.());

  const me = async (uid: string) =>
    (await sut.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(uid) })).json();
  const subscribe = (uid: string, body: object) =>
    sut.inject({ method: 'POST', url: '/api/create-subscription', headers: bearer(uid), payload: body });
  const sessionIdOf = (url: string) => url.split('/checkout/')[1];
  const deliverAll = async () => {
    const outcomes = [];
    for (const event of stripe.takeEvents()) {
      const response = await deliverEvent(sut, event);
      expect(response.statusCode, response.body).toBe(200);
      outcomes.push(response.json().outcome);
    }
    return outcomes;
  };
  const setUsed = (id: string, creditsUsed: number) =>
    database.db.update(users).set({ creditsUsed }).where(eq(users.id, id));

  it('subscribes, renews with fresh credits, survives a failed payment, cancels at period end, ends, and subscribes again', async () => {
    const ada = await me('ada');
    expect(ada).toMatchObject({ subscriptionTier: 'free', subscription: null });

    const checkout = await subscribe('ada', { plan: 'monthly' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { url } = checkout.json();
    expect(url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const session = stripe.state.session(sessionIdOf(url));
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: ada.id,
      metadata: { userId: ada.id },
      success_url: 'http://localhost:80/pricing?checkout=success&plan=monthly',
      cancel_url: 'http://localhost:80/pricing?checkout=canceled',
    });
    expect(stripe.state.customer(String(session.customer))).toMatchObject({
      email: 'ada@example.com',
      metadata: { userId: ada.id },
    });
    expect((await me('ada')).subscriptionTier).toBe('free');

    // Paid: the plan arrives with the webhook, not before.
    const sub = stripe.state.pay(session.id);
    expect(await deliverAll()).toEqual(['applied', 'unchanged', 'unchanged']);
    const paid = await me('ada');
    expect(paid).toMatchObject({
      subscriptionTier: 'monthly',
      subscription: { status: 'active', cancelAtPeriodEnd: false },
      credits: { remaining: 100, limit: 100, period: 'month' },
      maxUploadBytes: 25 * 1024 * 1024,
    });
    const periodEnd = new Date(paid.subscription.periodEnd);
    expect(periodEnd.getTime()).toBeCloseTo(addUtc(now, 'month', 1).getTime(), -4);

    // A renewal starts the new period's credits.
    await setUsed(ada.id, 40);
    expect((await me('ada')).credits.remaining).toBe(60);
    now = new Date(periodEnd.getTime() + 60_000);
    stripe.state.renew(sub.id, true);
    expect(await deliverAll()).toEqual(['unchanged', 'unchanged']);
    const renewed = await me('ada');
    expect(renewed.credits).toMatchObject({ remaining: 100, limit: 100 });
    expect(new Date(renewed.subscription.periodEnd) > periodEnd).toBe(true);

    // A declined renewal: past_due, and the plan keeps working while Stripe retries.
    await setUsed(ada.id, 10);
    now = new Date(new Date(renewed.subscription.periodEnd).getTime() + 60_000);
    stripe.state.renew(sub.id, false);
    await deliverAll();
    const pastDue = await me('ada');
    expect(pastDue).toMatchObject({
      subscriptionTier: 'monthly',
      subscription: { status: 'past_due' },
      credits: { remaining: 100 },
    });

    // The portal, then cancel at period end: still Monthly until the end date.
    const portal = await sut.inject({ method: 'POST', url: '/api/billing-portal', headers: bearer('ada') });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    stripe.state.update(sub.id, { cancelAtPeriodEnd: true });
    await deliverAll();
    const cancelling = await me('ada');
    expect(cancelling).toMatchObject({
      subscriptionTier: 'monthly',
      subscription: { cancelAtPeriodEnd: true, periodEnd: pastDue.subscription.periodEnd },
    });

    // The period ends: Free, with its daily credit.
    now = new Date(new Date(cancelling.subscription.periodEnd).getTime() + 1000);
    stripe.state.end(sub.id);
    expect(await deliverAll()).toEqual(['applied']);
    expect(await me('ada')).toMatchObject({
      subscriptionTier: 'free',
      subscription: { status: 'canceled', cancelAtPeriodEnd: false },
      credits: { remaining: 1, limit: 1, period: 'day' },
    });

    // Subscribing again reuses the Stripe customer.
    const again = await subscribe('ada', { priceId: STRIPE_TEST.yearly });
    expect(again.statusCode, again.body).toBe(200);
    const second = stripe.state.session(sessionIdOf(again.json().url));
    expect(second.customer).toBe(session.customer);
    stripe.state.pay(second.id);
    await deliverAll();
    expect(await me('ada')).toMatchObject({
      subscriptionTier: 'yearly',
      subscription: { status: 'active' },
      credits: { remaining: 1500, limit: 1500, period: 'year' },
    });

    // Support can read what happened.
    const history = await createPlanChangeRepository(database.db).listForUser(ada.id);
    expect(history.map((h) => [h.fromTier, h.toTier, h.status, h.cancelAtPeriodEnd, h.reason])).toEqual([
      ['free', 'monthly', 'active', false, 'checkout.session.completed'],
      ['monthly', 'monthly', 'past_due', false, 'customer.subscription.updated'],
      ['monthly', 'monthly', 'past_due', true, 'customer.subscription.updated'],
      ['monthly', 'free', 'canceled', false, 'customer.subscription.deleted'],
      ['free', 'yearly', 'active', false, 'checkout.session.completed'],
    ]);
    expect(history.every((h) => h.source === 'stripe' && h.stripeEventId?.startsWith('evt_'))).toBe(true);
  });

  it('refuses a second subscription while one is live, and applies an upgrade at once', async () => {
    const grace = await me('grace');
    const { url } = (await subscribe('grace', { plan: 'monthly' })).json();
    const sub = stripe.state.pay(sessionIdOf(url));
    await deliverAll();
    await setUsed(grace.id, 30);

    const second = await subscribe('grace', { plan: 'yearly' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'You already have the Monthly plan. Use Manage subscription to switch plans or cancel.',
    );

    stripe.state.update(sub.id, { price: STRIPE_TEST.yearly });
    await deliverAll();
    expect(await me('grace')).toMatchObject({
      subscriptionTier: 'yearly',
      credits: { remaining: 1500, limit: 1500, period: 'year' },
    });
  });

  it('gives two checkouts at once one customer and one page, and a change of plan replaces the open page', async () => {
    const responses = await Promise.all([
      subscribe('hedy', { plan: 'monthly' }),
      subscribe('hedy', { plan: 'monthly' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = responses.map((r) => r.json().url);
    expect(a).toBe(b);
    const hedy = await me('hedy');
    const customers = [...stripe.state.customers.values()].filter((c) => c.email === 'hedy@example.com');
    expect(customers).toHaveLength(1);

    const yearly = (await subscribe('hedy', { plan: 'yearly' })).json().url;
    expect(yearly).not.toBe(a);
    expect(stripe.state.session(sessionIdOf(a)).status).toBe('expired');
    const open = [...stripe.state.sessions.values()].filter(
      (s) => s.customer === customers[0].id && s.status === 'open',
    );
    expect(open.map((s) => s.id)).toEqual([sessionIdOf(yearly)]);
    stripe.takeEvents();
    expect((await me('hedy')).id).toBe(hedy.id);
  });

  it('accepts only the two configured prices, and the portal only for someone with a Stripe customer', async () => {
    for (const body of [{ priceId: STRIPE_TEST.other }, { priceId: 'price_nope' }, { plan: 'weekly' }, {}]) {
      const response = await subscribe('alan', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const mismatch = await subscribe('alan', { plan: 'monthly', priceId: STRIPE_TEST.yearly });
    expect(mismatch.statusCode).toBe(400);
    expect(stripe.state.sessions.size).toBeGreaterThan(0);
    const portal = await sut.inject({ method: 'POST', url: '/api/billing-portal', headers: bearer('alan') });
    expect(portal.statusCode).toBe(404);
    const anonymous = await sut.inject({ method: 'POST', url: '/api/create-subscription', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without Stripe keys', () => {
  it('keeps the plain answer that payments are not configured', async () => {
    const [target] = databaseTargets();
    const database = await target.open();
    const sut = await buildTestApp({ database, verifier: fakeVerifier });
    try {
      for (const url of ['/api/create-subscription', '/api/billing-portal']) {
        const response = await sut.inject({ method: 'POST', url, headers: bearer('kim'), payload: {} });
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toEqual({
          code: 'PAYMENTS_NOT_CONFIGURED',
          message: 'Payments are not configured on this server.',
        });
      }
      const hook = await sut.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(503);
      expect((await sut.inject({ method: 'GET', url: '/api/config' })).json().paymentsEnabled).toBe(false);
    } finally {
      await sut.close();
      await database.close();
    }
  });
});
