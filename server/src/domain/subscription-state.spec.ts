import { describe, expect, it } from 'vitest';
import {
  applySubscription,
  decidingSubscription,
  isPlanChange,
  planOf,
  type AccountState,
  type SubscriptionSnapshot,
} from './subscription-state';

const PRICES = { monthly: 'price_m', yearly: 'price_y' };
const day = (d: string) => new Date(`${d}T10:00:00Z`);

const sub = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  status: 'active',
  priceId: 'price_m',
  created: day('2026-01-10'),
  periodStart: day('2026-01-10'),
  periodEnd: day('2026-02-10'),
  cancelAtPeriodEnd: false,
  endsAt: null,
  ...over,
});

const account = (over: Partial<AccountState> = {}): AccountState => ({
  subscriptionTier: 'free',
  createdAt: day('2026-01-01'),
  creditsUsed: 1,
  creditsResetAt: day('2026-01-10'),
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  subscriptionEndsAt: null,
  subscriptionCancelAtPeriodEnd: false,
  ...over,
});

describe('decidingSubscription', () => {
  it('prefers the newest live subscription over a newer ended one, and counts live ones', () => {
    const old = sub({ id: 'sub_old', status: 'canceled', created: day('2026-03-01') });
    const live = sub({ id: 'sub_live', created: day('2026-02-01') });
    expect(decidingSubscription([old, live])).toEqual({ subscription: live, liveCount: 1 });
    const newer = sub({ id: 'sub_new', created: day('2026-02-02') });
    expect(decidingSubscription([live, newer, old]).subscription?.id).toBe('sub_new');
    expect(decidingSubscription([live, newer]).liveCount).toBe(2);
    expect(decidingSubscription([old]).subscription?.id).toBe('sub_old');
    expect(decidingSubscription([]).subscription).toBeNull();
  });
});

describe('planOf', () => {
  it('maps the two prices, keeps the plan while past_due, and gives Free once it ends', () => {
    expect(planOf(sub(), PRICES)).toBe('monthly');
    expect(planOf(sub({ priceId: 'price_y', status: 'past_due' }), PRICES)).toBe('yearly');
    expect(planOf(sub({ status: 'canceled' }), PRICES)).toBe('free');
    expect(planOf(sub({ status: 'incomplete' }), PRICES)).toBe('free');
    expect(planOf(sub({ priceId: 'price_other' }), PRICES)).toBeNull();
  });
});

describe('applySubscription', () => {
  const now = day('2026-01-10');

  it('starts a new paid plan with its full credits from the period start', () => {
    const next = applySubscription(account(), { plan: 'monthly', subscription: sub() }, now);
    expect(next).toMatchObject({
      subscriptionTier: 'monthly',
      subscriptionStatus: 'active',
      subscriptionEndsAt: day('2026-02-10'),
      creditsUsed: 0,
      creditsResetAt: day('2026-01-10'),
    });
  });

  it('resets credits on a renewal only, not on another event of the same period', () => {
    const paid = account({ subscriptionTier: 'monthly', creditsUsed: 40, stripeSubscriptionId: 'sub_1' });
    const same = applySubscription(paid, { plan: 'monthly', subscription: sub() }, day('2026-01-20'));
    expect(same.creditsUsed).toBe(40);
    const renewed = sub({ periodStart: day('2026-02-10'), periodEnd: day('2026-03-10') });
    const next = applySubscription(paid, { plan: 'monthly', subscription: renewed }, day('2026-02-10'));
    expect(next).toMatchObject({ creditsUsed: 0, creditsResetAt: day('2026-02-10') });
  });

  it('keeps what was spent on a downgrade, so credits never go negative', () => {
    const yearly = account({ subscriptionTier: 'yearly', creditsUsed: 700 });
    const switched = sub({ periodStart: day('2026-03-01'), periodEnd: day('2026-04-01') });
    const next = applySubscription(yearly, { plan: 'monthly', subscription: switched }, day('2026-03-01'));
    expect(next).toMatchObject({ subscriptionTier: 'monthly', creditsUsed: 700 });
  });

  it('shows the end date while cancelling at period end, then falls back to Free with a fresh daily credit', () => {
    const paid = account({ subscriptionTier: 'monthly', creditsUsed: 90 });
    const ending = sub({ cancelAtPeriodEnd: true });
    const cancelling = applySubscription(paid, { plan: 'monthly', subscription: ending }, now);
    expect(cancelling).toMatchObject({
      subscriptionTier: 'monthly',
      subscriptionCancelAtPeriodEnd: true,
      subscriptionEndsAt: day('2026-02-10'),
    });
    expect(isPlanChange(paid, cancelling)).toBe(true);
    const ended = sub({ status: 'canceled', endsAt: day('2026-02-10') });
    const later = day('2026-02-10');
    const free = applySubscription(paid, { plan: 'free', subscription: ended }, later);
    expect(free).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'canceled',
      subscriptionCancelAtPeriodEnd: false,
      creditsUsed: 0,
      creditsResetAt: later,
    });
  });
});
