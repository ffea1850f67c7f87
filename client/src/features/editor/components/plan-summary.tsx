import { Coins, HardDriveUpload } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_LIMITS } from '@common/plans';
import type { CurrentUser } from '@common/schemas/auth';

const PERIOD_WORDS = { day: 'today', month: 'this month', year: 'this year' } as const;

/** What the person can still do before uploading: credits left in the period and the upload limit. */
export function PlanSummary({ user }: { user: CurrentUser }) {
  const { remaining, period } = user.credits;
  return (
    <div
      data-testid="plan-summary"
      className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground"
    >
      <span className="inline-flex items-center gap-1.5">
        <Coins className="size-4 text-primary" aria-hidden />
        <span data-testid="credits-left">
          <strong className="font-semibold text-foreground">{remaining}</strong>{' '}
          {remaining === 1 ? 'credit' : 'credits'} left {PERIOD_WORDS[period]}
        </span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <HardDriveUpload className="size-4 text-primary" aria-hidden />
        Files up to {PLAN_LIMITS[user.subscriptionTier].maxUploadMegabytes} MB
      </span>
      {user.subscriptionTier === 'free' && (
        <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          Get more credits
        </Link>
      )}
    </div>
  );
}
