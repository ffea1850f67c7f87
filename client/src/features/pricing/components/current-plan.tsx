import type { CurrentUser } from '@common/schemas/auth';
import { planStatus } from '../model/subscription-copy';
import { ManageSubscriptionButton } from './manage-subscription-button';

const PERIOD_WORDS = { day: 'today', month: 'this month', year: 'this year' } as const;

/** The signed-in person's plan above the cards: what it is, what happens next, credits left, and the portal. */
export function CurrentPlan({ user }: { user: CurrentUser }) {
  const status = planStatus(user);
  const { remaining, limit, period } = user.credits;
  return (
    <div
      data-testid="current-plan"
      className="mx-auto mb-10 flex max-w-2xl flex-wrap items-center justify-between gap-4 rounded-xl border bg-card px-5 py-4 text-sm shadow-sm"
    >
      <div className="grid gap-0.5">
        <p>
          Your plan: <strong className="font-semibold">{status.name}</strong>
          {status.endsOn ? (
            <> until {status.endsOn}, then Free</>
          ) : (
            status.detail && <span className="text-muted-foreground"> · {status.detail}</span>
          )}
        </p>
        <p className="text-muted-foreground">
          {remaining.toLocaleString('en-US')} of {limit.toLocaleString('en-US')} credits left{' '}
          {PERIOD_WORDS[period]}
        </p>
      </div>
      {status.manageable && <ManageSubscriptionButton />}
    </div>
  );
}
