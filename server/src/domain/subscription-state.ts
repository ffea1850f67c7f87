import { isLiveSubscription, type Plan } from '@common/plans';
import { remainingCredits, type CreditAccount } from './credit-period';

/** What the app needs of one Stripe subscription, read from Stripe at the time an event is handled. */
export interface SubscriptionSnapshot {
  id: string;
  /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  priceId: string | null;
  created: Date;
  periodStart: Date;
  periodEnd: Date;
  /** Set when it will end instead of renewing (cancel at period end, or a cancel date). */
  cancelAtPeriodEnd: boolean;
  /** When it ends or ended: the cancel date, else the end of the period when it was cancelled. */
  endsAt: Date | null;
}

export const isLive = isLiveSubscription;

/**
 * The subscription that decides a customer's plan: the newest live one, else the newest of all. Deciding from
 * the customer's whole list as Stripe has it now, not from one event's payload, makes late and reordered events
 * harmless, and an old subscription's events cannot undo a newer one.
 */
export function decidingSubscription(subscriptions: SubscriptionSnapshot[]): {
  subscription: SubscriptionSnapshot | null;
  liveCount: number;
} {
  const newestFirst = [...subscriptions].sort((a, b) => b.created.getTime() - a.created.getTime());
  const live = newestFirst.filter((s) => isLive(s.status));
  return { subscription: live[0] ?? newestFirst[0] ?? null, liveCount: live.length };
}

export interface SubscriptionTarget {
  plan: Plan;
  subscription: SubscriptionSnapshot;
}

/** The plan a subscription gives: its price's plan while it is live, Free once it is not; null for a price we do not sell. */
export function planOf(
  subscription: SubscriptionSnapshot,
  prices: { monthly: string; yearly: string },
): Plan | null {
  if (!isLive(subscription.status)) return 'free';
  if (subscription.priceId === prices.monthly) return 'monthly';
  if (subscription.priceId === prices.yearly) return 'yearly';
  return null;
}

export interface AccountState extends CreditAccount {
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionEndsAt: Date | null;
  subscriptionCancelAtPeriodEnd: boolean;
}

export type AccountUpdate = Omit<AccountState, 'createdAt'>;

const RANK: Record<Plan, number> = { free: 0, monthly: 1, yearly: 2 };

/**
 * The account after a subscription's state is applied. Credits:
 * - an upgrade (Free to paid, Monthly to Yearly) starts the new plan's credits from the new period;
 * - a downgrade between paid plans keeps what was spent in the current period, so remaining credits are the new
 *   limit minus that, never below zero;
 * - the fall back to Free starts Free's daily credit now;
 * - the same paid plan with a later period start is a renewal: credits start again from zero.
 */
export function applySubscription(
  account: AccountState,
  target: SubscriptionTarget,
  now: Date,
): AccountUpdate {
  const { plan, subscription } = target;
  const live = isLive(subscription.status);
  const base = {
    subscriptionTier: plan,
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    subscriptionEndsAt: live ? (subscription.endsAt ?? subscription.periodEnd) : subscription.endsAt,
    subscriptionCancelAtPeriodEnd: live && subscription.cancelAtPeriodEnd,
  };
  const keep = { creditsUsed: account.creditsUsed, creditsResetAt: account.creditsResetAt };
  if (plan !== account.subscriptionTier) {
    if (plan === 'free') return { ...base, creditsUsed: 0, creditsResetAt: now };
    if (RANK[plan] > RANK[account.subscriptionTier])
      return { ...base, creditsUsed: 0, creditsResetAt: subscription.periodStart };
    const { period } = remainingCredits(account, now);
    const spent = account.creditsResetAt >= period.start ? account.creditsUsed : 0;
    return { ...base, creditsUsed: spent, creditsResetAt: subscription.periodStart };
  }
  if (plan !== 'free' && subscription.periodStart > account.creditsResetAt)
    return { ...base, creditsUsed: 0, creditsResetAt: subscription.periodStart };
  return { ...base, ...keep };
}

/** Whether support would want a line in the plan history for this update. */
export function isPlanChange(before: AccountState, after: AccountUpdate): boolean {
  return (
    before.subscriptionTier !== after.subscriptionTier ||
    before.subscriptionStatus !== after.subscriptionStatus ||
    before.subscriptionCancelAtPeriodEnd !== after.subscriptionCancelAtPeriodEnd ||
    before.stripeSubscriptionId !== after.stripeSubscriptionId
  );
}
