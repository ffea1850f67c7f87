import { isLiveSubscription, PLAN_LIMITS } from '@common/plans';
import type { CurrentUser } from '@common/schemas/auth';

/** "12 Dec", with the year when it is not this year; in the person's own time zone unless one is given. */
export function formatShortDate(iso: string, now = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  const sameYear =
    date.toLocaleDateString('en-GB', { year: 'numeric', timeZone }) ===
    now.toLocaleDateString('en-GB', { year: 'numeric', timeZone });
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
    timeZone,
  });
}

export interface PlanStatus {
  /** The plan's name: Free, Monthly, Yearly. */
  name: string;
  /** What happens next: "Renews 12 Dec", "Monthly until 12 Dec, then Free"; null for Free. */
  detail: string | null;
  /** The last day of a plan that ends instead of renewing ("12 Dec"). */
  endsOn: string | null;
  /** A live Stripe subscription: the customer portal can change or cancel it. */
  manageable: boolean;
  /** The last renewal payment failed; the plan still works while Stripe retries. */
  paymentFailed: boolean;
}

export function planStatus(
  user: Pick<CurrentUser, 'subscriptionTier' | 'subscription'>,
  now = new Date(),
  timeZone?: string,
): PlanStatus {
  const name = PLAN_LIMITS[user.subscriptionTier].name;
  const sub = user.subscription;
  const live = isLiveSubscription(sub?.status);
  const paymentFailed = sub?.status === 'past_due';
  const end = sub?.periodEnd ? formatShortDate(sub.periodEnd, now, timeZone) : null;
  const paid = user.subscriptionTier !== 'free' && live && end !== null;
  const endsOn = paid && sub?.cancelAtPeriodEnd ? end : null;
  let detail: string | null = null;
  if (endsOn) detail = `${name} until ${endsOn}, then Free`;
  else if (paid && paymentFailed) detail = 'Payment failed: update your card to keep your plan';
  else if (paid) detail = `Renews ${end}`;
  return { name, detail, endsOn, manageable: live, paymentFailed };
}
