import { describe, expect, it } from 'vitest';
import { addUtc, currentPeriod, remainingCredits, type CreditAccount } from './credit-period';

const at = (iso: string) => new Date(iso);
const account = (over: Partial<CreditAccount>): CreditAccount => ({
  subscriptionTier: 'free',
  createdAt: at('2026-03-10T15:00:00Z'),
  creditsUsed: 0,
  creditsResetAt: at('2026-03-10T15:00:00Z'),
  ...over,
});

describe('free plan', () => {
  it('gives 5 credits on the signup day (UTC)', () => {
    const { period, remaining } = remainingCredits(account({}), at('2026-03-10T23:59:59Z'));
    expect(period.limit).toBe(5);
    expect(remaining).toBe(5);
    expect(period.start).toEqual(at('2026-03-10T00:00:00Z'));
    expect(period.end).toEqual(at('2026-03-11T00:00:00Z'));
  });

  it('gives 1 credit on each later day, and unused credits do not carry over', () => {
    const used = account({ creditsUsed: 2, creditsResetAt: at('2026-03-10T00:00:00Z') });
    expect(remainingCredits(used, at('2026-03-11T00:00:00Z'))).toMatchObject({
      remaining: 1,
      period: { limit: 1 },
    });
  });

  it('counts what was used today', () => {
    const used = account({ creditsUsed: 4, creditsResetAt: at('2026-03-10T00:00:00Z') });
    expect(remainingCredits(used, at('2026-03-10T20:00:00Z')).remaining).toBe(1);
    const spent = account({ creditsUsed: 1, creditsResetAt: at('2026-03-12T00:00:00Z') });
    expect(remainingCredits(spent, at('2026-03-12T08:00:00Z')).remaining).toBe(0);
  });

  it('resets at UTC midnight, not local midnight', () => {
    const spent = account({ creditsUsed: 1, creditsResetAt: at('2026-03-12T00:00:00Z') });
    expect(remainingCredits(spent, at('2026-03-12T23:30:00-02:00')).remaining).toBe(1);
  });
});

describe('paid plans', () => {
  it('gives 100 credits per billing month from the start of the subscription', () => {
    const monthly = account({
      subscriptionTier: 'monthly',
      creditsResetAt: at('2026-01-31T10:00:00Z'),
      creditsUsed: 40,
    });
    expect(remainingCredits(monthly, at('2026-02-15T00:00:00Z')).remaining).toBe(60);
    const next = currentPeriod(monthly, at('2026-03-01T00:00:00Z'));
    expect(next.start).toEqual(at('2026-02-28T10:00:00Z'));
    expect(next.limit).toBe(100);
    expect(remainingCredits(monthly, at('2026-03-01T00:00:00Z')).remaining).toBe(100);
  });

  it('finds the right month many periods later', () => {
    const monthly = account({ subscriptionTier: 'monthly', creditsResetAt: at('2025-05-15T00:00:00Z') });
    const period = currentPeriod(monthly, at('2026-03-14T23:59:59Z'));
    expect(period.start).toEqual(at('2026-02-15T00:00:00Z'));
    expect(period.end).toEqual(at('2026-03-15T00:00:00Z'));
  });

  it('gives 1500 credits per billing year', () => {
    const yearly = account({
      subscriptionTier: 'yearly',
      creditsResetAt: at('2025-06-01T00:00:00Z'),
      creditsUsed: 1499,
    });
    expect(remainingCredits(yearly, at('2026-05-31T23:00:00Z')).remaining).toBe(1);
    expect(remainingCredits(yearly, at('2026-06-01T00:00:00Z'))).toMatchObject({ remaining: 1500 });
  });

  it('never reports fewer than zero', () => {
    const over = account({
      subscriptionTier: 'monthly',
      creditsUsed: 150,
      creditsResetAt: at('2026-03-01T00:00:00Z'),
    });
    expect(remainingCredits(over, at('2026-03-02T00:00:00Z')).remaining).toBe(0);
  });
});

describe('addUtc', () => {
  it('clamps month ends', () => {
    expect(addUtc(at('2024-01-31T00:00:00Z'), 'month', 1)).toEqual(at('2024-02-29T00:00:00Z'));
    expect(addUtc(at('2024-02-29T00:00:00Z'), 'year', 1)).toEqual(at('2025-02-28T00:00:00Z'));
  });
});
