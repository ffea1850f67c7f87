import { PLAN_LIMITS, type Plan } from '@common/plans';
import { DAY_MS } from '../lib/clock';

export interface CreditAccount {
  subscriptionTier: Plan;
  createdAt: Date;
  creditsUsed: number;
  /** Start of the period that creditsUsed counts. */
  creditsResetAt: Date;
}

export interface CreditPeriod {
  start: Date;
  end: Date;
  limit: number;
}

/**
 * The credit period that contains `now` (DECISIONS.md): Free counts UTC days, with 5 credits on the signup day
 * and 1 on each later day; paid plans count whole months or years from the start of the subscription, which is
 * where creditsResetAt was set when the plan began.
 */
export function currentPeriod(account: CreditAccount, now: Date): CreditPeriod {
  const plan = PLAN_LIMITS[account.subscriptionTier];
  if (plan.period === 'day') {
    const start = startOfUtcDay(now);
    const signupDay = startOfUtcDay(account.createdAt).getTime() === start.getTime();
    return {
      start,
      end: addUtc(start, 'day', 1),
      limit: signupDay ? plan.signupDayCredits! : plan.creditsPerPeriod,
    };
  }
  const anchor = account.creditsResetAt;
  if (now < anchor)
    return { start: anchor, end: addUtc(anchor, plan.period, 1), limit: plan.creditsPerPeriod };
  const months = plan.period === 'year' ? 12 : 1;
  let steps = Math.floor(monthsBetween(anchor, now) / months);
  while (steps > 0 && addUtc(anchor, plan.period, steps) > now) steps--;
  while (addUtc(anchor, plan.period, steps + 1) <= now) steps++;
  const start = addUtc(anchor, plan.period, steps);
  return { start, end: addUtc(anchor, plan.period, steps + 1), limit: plan.creditsPerPeriod };
}

/** Credits left in the current period; creditsUsed from an earlier period no longer counts. */
export function remainingCredits(
  account: CreditAccount,
  now: Date,
): { period: CreditPeriod; remaining: number } {
  const period = currentPeriod(account, now);
  const used = account.creditsResetAt >= period.start ? account.creditsUsed : 0;
  return { period, remaining: Math.max(0, period.limit - used) };
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function monthsBetween(a: Date, b: Date): number {
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

/** Adds whole days, months or years in UTC; a month end is clamped (Jan 31 + 1 month = Feb 28/29). */
export function addUtc(date: Date, unit: 'day' | 'month' | 'year', count: number): Date {
  if (unit === 'day') return new Date(date.getTime() + count * DAY_MS);
  const months = unit === 'year' ? count * 12 : count;
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}
