import { describe, expect, it } from 'vitest';
import { formatShortDate, planStatus } from './subscription-copy';

const NOW = new Date('2026-11-23T12:00:00Z');
const sub = (over = {}) => ({
  status: 'active',
  periodEnd: '2026-12-12T12:00:00Z',
  cancelAtPeriodEnd: false,
  ...over,
});

describe('subscription copy', () => {
  it('writes dates as "12 Dec", with the year only when it is another year', () => {
    expect(formatShortDate('2026-12-12T12:00:00Z', NOW, 'UTC')).toBe('12 Dec');
    expect(formatShortDate('2027-01-05T12:00:00Z', NOW, 'UTC')).toBe('5 Jan 2027');
  });

  it('says when a plan renews, when it ends, and when its payment failed', () => {
    expect(planStatus({ subscriptionTier: 'free', subscription: null }, NOW, 'UTC')).toEqual({
      name: 'Free',
      detail: null,
      endsOn: null,
      manageable: false,
      paymentFailed: false,
    });
    expect(planStatus({ subscriptionTier: 'monthly', subscription: sub() }, NOW, 'UTC')).toMatchObject({
      name: 'Monthly',
      detail: 'Renews 12 Dec',
      manageable: true,
    });
    expect(
      planStatus({ subscriptionTier: 'monthly', subscription: sub({ cancelAtPeriodEnd: true }) }, NOW, 'UTC')
        .detail,
    ).toBe('Monthly until 12 Dec, then Free');
    expect(
      planStatus({ subscriptionTier: 'monthly', subscription: sub({ cancelAtPeriodEnd: true }) }, NOW, 'UTC')
        .endsOn,
    ).toBe('12 Dec');
    expect(
      planStatus({ subscriptionTier: 'yearly', subscription: sub({ status: 'past_due' }) }, NOW, 'UTC'),
    ).toMatchObject({ paymentFailed: true, manageable: true });
    expect(
      planStatus({ subscriptionTier: 'free', subscription: sub({ status: 'canceled' }) }, NOW, 'UTC'),
    ).toMatchObject({ name: 'Free', detail: null, manageable: false });
  });
});
