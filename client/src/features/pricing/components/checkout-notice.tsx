import { useEffect, useState, useSyncExternalStore } from 'react';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { isPlan, PLAN_LIMITS, type Plan } from '@common/plans';
import type { CurrentUser } from '@common/schemas/auth';

export type CheckoutReturn = { outcome: 'success'; plan: Plan | null } | { outcome: 'canceled' } | null;

let captured: CheckoutReturn | undefined;

function readCheckoutReturn(): CheckoutReturn {
  if (captured === undefined) {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('checkout');
    const plan = params.get('plan');
    captured =
      outcome === 'success'
        ? { outcome, plan: isPlan(plan) ? plan : null }
        : outcome === 'canceled'
          ? { outcome }
          : null;
  }
  return captured;
}

const noSubscription = () => () => {};

/**
 * Reads `?checkout=success&plan=monthly` (or `?checkout=canceled`) once Stripe sends the browser back: null while
 * the prerendered page hydrates, so the markup matches, and then the address's value. The parameters are then
 * dropped from the address so that a reload does not repeat the notice.
 */
export function useCheckoutReturn(): CheckoutReturn {
  const value = useSyncExternalStore(noSubscription, readCheckoutReturn, () => null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('checkout')) return;
    params.delete('checkout');
    params.delete('plan');
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, []);
  return value;
}

/** Whether the plan paid for has arrived: the webhook, not the redirect, changes the plan. */
export function isActivated(checkout: CheckoutReturn, user: CurrentUser | null | undefined): boolean {
  if (checkout?.outcome !== 'success' || !user) return false;
  return checkout.plan ? user.subscriptionTier === checkout.plan : user.subscriptionTier !== 'free';
}

/** After 2 minutes of waiting the notice says so, instead of spinning for ever. */
const PATIENCE_MS = 120_000;

export function CheckoutNotice({
  checkout,
  user,
}: {
  checkout: CheckoutReturn;
  user: CurrentUser | null | undefined;
}) {
  const [overdue, setOverdue] = useState(false);
  const activated = isActivated(checkout, user);
  useEffect(() => {
    if (checkout?.outcome !== 'success' || activated) return;
    const timer = setTimeout(() => setOverdue(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [checkout, activated]);
  if (!checkout) return null;

  const box = 'mx-auto mb-8 flex max-w-2xl items-start gap-3 rounded-xl border p-4 text-sm';
  if (checkout.outcome === 'canceled') {
    return (
      <div role="status" data-testid="checkout-notice" className={`${box} bg-card`}>
        <XCircle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <p>Checkout was cancelled. Nothing was charged, and your plan is unchanged.</p>
      </div>
    );
  }
  if (activated && user) {
    const limits = PLAN_LIMITS[user.subscriptionTier];
    return (
      <div
        role="status"
        data-testid="checkout-notice"
        className={`${box} border-emerald-500/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-50`}
      >
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <p>
          <strong className="font-semibold">Your {limits.name} plan is active.</strong> You have{' '}
          {user.credits.remaining.toLocaleString('en-US')} credits for this {limits.period}. Thank you!
        </p>
      </div>
    );
  }
  return (
    <div role="status" data-testid="checkout-notice" className={`${box} bg-card`}>
      <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-primary" aria-hidden />
      <p>
        {overdue
          ? 'Payment received. Your plan has not arrived yet; it usually takes a few seconds. Please reload this page in a minute, or contact us if it does not change.'
          : 'Payment received, activating your plan...'}
      </p>
    </div>
  );
}
