/**
 * Stripe's webhook as Stripe delivers it: signed, sometimes twice, sometimes late or out of order. The plan must
 * end as Stripe has it, each event must count once, and an unsigned or stale body must change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { stripeEvents } from '../../src/db/schema';
import type { App } from '../../src/http/types';
import { createPlanChangeRepository } from '../../src/repositories/plan-change.repository';
import { databaseTargets } from '../support/databases';
import { bearer } from '../support/fake-verifier';
import { deliverEvent, startPaymentsApp, STRIPE_TEST } from '../support/payments';
import type { StripeStub } from '../support/stripe/server';
import { stripeSignature } from '../support/stripe/signature';

describe.each(databaseTargets())('stripe webhooks on $name', (target) => {
  let database: Database;
  let stripe: StripeStub;
  let sut: App;

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, stripe, sut, close } = await startPaymentsApp(target));
  });
  afterAll(() => close?.());

  const me = async (uid: string) =>
    (await sut.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(uid) })).json();
  /** Signs in, starts a checkout and pays it; answers the user, the subscription and Stripe's events. */
  async function paidCheckout(uid: string, plan: 'monthly' | 'yearly' = 'monthly') {
    const user = await me(uid);
    const response = await sut.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: bearer(uid),
      payload: { plan },
    });
    const sub = stripe.state.pay(response.json().url.split('/checkout/')[1]);
    return { user, sub, events: stripe.takeEvents() };
  }
  const outcomes = async (events: object[]) => {
    const result = [];
    for (const event of events) {
      const response = await deliverEvent(sut, event);
      expect(response.statusCode, response.body).toBe(200);
      result.push(response.json().outcome);
    }
    return result;
  };

  it('applies events delivered in reverse order, and a replay of all of them changes nothing', async () => {
    const { user, events } = await paidCheckout('ada');
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(await outcomes([...events].reverse())).toEqual(['applied', 'unchanged', 'unchanged']);
    expect(await me('ada')).toMatchObject({
      subscriptionTier: 'monthly',
      subscription: { status: 'active' },
    });

    expect(await outcomes(events)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const concurrent = await Promise.all(events.map((e) => deliverEvent(sut, e)));
    expect(concurrent.map((r) => r.json().outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await createPlanChangeRepository(database.db).listForUser(user.id)).toHaveLength(1);
  });

  it('counts an event once when two deliveries of it arrive at the same moment', async () => {
    const { user, events } = await paidCheckout('ida');
    const responses = await Promise.all([deliverEvent(sut, events[0]), deliverEvent(sut, events[0])]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses.map((r) => r.json().outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await createPlanChangeRepository(database.db).listForUser(user.id)).toHaveLength(1);
  });

  it("ends in Stripe's state when different events for one person arrive together", async () => {
    const { user, sub, events } = await paidCheckout('joan');
    stripe.state.update(sub.id, { cancelAtPeriodEnd: true });
    const all = [...events, ...stripe.takeEvents()];
    const responses = await Promise.all(all.map((e) => deliverEvent(sut, e)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await me('joan')).toMatchObject({
      subscriptionTier: 'monthly',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    const history = await createPlanChangeRepository(database.db).listForUser(user.id);
    expect(history.map((h) => [h.fromTier, h.toTier, h.cancelAtPeriodEnd])).toEqual([
      ['free', 'monthly', true],
    ]);
  });

  it('ignores the late events of an ended subscription after the person subscribed again', async () => {
    const first = await paidCheckout('grace');
    await outcomes(first.events);
    stripe.state.update(first.sub.id, { cancelAtPeriodEnd: true });
    stripe.state.end(first.sub.id);
    const endEvents = stripe.takeEvents();
    // The deletion arrives before the cancellation notice: Stripe's state decides, so Free, not "cancelling".
    expect(await outcomes([...endEvents].reverse())).toEqual(['applied', 'unchanged']);
    expect(await me('grace')).toMatchObject({
      subscriptionTier: 'free',
      subscription: { status: 'canceled', cancelAtPeriodEnd: false },
    });

    const second = await paidCheckout('grace', 'yearly');
    await outcomes(second.events);
    // A redelivery of the old subscription's end, with a new event id, must not take the new plan away.
    const lateCopy = { ...endEvents[1], id: `${endEvents[1].id}_retry` };
    expect(await outcomes([lateCopy])).toEqual(['unchanged']);
    expect(await me('grace')).toMatchObject({
      subscriptionTier: 'yearly',
      subscription: { status: 'active' },
    });
  });

  it('refuses a wrong, stale, missing or tampered signature with 400 and changes nothing', async () => {
    const { events } = await paidCheckout('mallory');
    const [completed] = events;
    const [{ n: before }] = await database.db.select({ n: count() }).from(stripeEvents);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    const attempts = [
      await deliverEvent(sut, completed, { secret: 'whsec_someone_else' }),
      await deliverEvent(sut, completed, { timestamp: stale }),
      await deliverEvent(sut, completed, { signature: null }),
      await deliverEvent(sut, completed, { signature: 't=1,v1=deadbeef' }),
      await deliverEvent(sut, completed, { tamper: true }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect(attempts[1].json().error.message).toBe('The webhook signature is not valid or has expired.');
    const [{ n: after }] = await database.db.select({ n: count() }).from(stripeEvents);
    expect(after).toBe(before);
    expect((await me('mallory')).subscriptionTier).toBe('free');

    // Signed by hand, exactly as Stripe documents it, the same bytes are accepted.
    const payload = JSON.stringify(completed);
    const accepted = await sut.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, STRIPE_TEST.webhookSecret),
      },
      payload,
    });
    expect(accepted.json().outcome).toBe('applied');
    expect((await me('mallory')).subscriptionTier).toBe('monthly');
  });

  it('leaves the plan alone for a subscription on a price the app does not sell, and for strangers', async () => {
    const user = await me('otto');
    await sut.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: bearer('otto'),
      payload: { plan: 'monthly' },
    });
    stripe.takeEvents();
    const customer = [...stripe.state.customers.values()].find((c) => c.email === 'otto@example.com')!;
    // Made by hand in Stripe's dashboard, on another price.
    const session = stripe.state.createSession(
      {
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: STRIPE_TEST.other }],
        success_url: 'x',
      },
      stripe.url,
    );
    stripe.state.pay(session.id);
    expect(await outcomes(stripe.takeEvents())).toEqual(['unknown-price', 'unknown-price', 'unknown-price']);
    expect(await me('otto')).toMatchObject({ id: user.id, subscriptionTier: 'free', subscription: null });

    const stranger = stripe.state.createCustomer({ email: 'elsewhere@example.com' });
    const other = stripe.state.createSession(
      {
        mode: 'subscription',
        customer: stranger.id,
        line_items: [{ price: STRIPE_TEST.monthly }],
        success_url: 'x',
      },
      stripe.url,
    );
    stripe.state.pay(other.id);
    expect(await outcomes(stripe.takeEvents())).toEqual([
      'unknown-customer',
      'unknown-customer',
      'unknown-customer',
    ]);
  });

  it('acknowledges event types it does not act on', async () => {
    const event = { id: 'evt_other_1', object: 'event', type: 'charge.succeeded', data: { object: {} } };
    const response = await deliverEvent(sut, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored-type' });
  });
});
