import { AlertTriangle } from 'lucide-react';
import type { CurrentUser } from '@common/schemas/auth';
import { Button } from '@client/components/ui/button';
import { planStatus } from '../model/subscription-copy';
import { useManageSubscription } from './manage-subscription-button';

/** Shown on every page while a renewal payment has failed: the plan still works, the card needs updating. */
export function PaymentProblemBanner({ user }: { user: CurrentUser | null }) {
  const { open, isPending } = useManageSubscription();
  if (!user || !planStatus(user).paymentFailed) return null;
  return (
    <div
      role="alert"
      data-testid="payment-problem"
      className="border-b border-amber-500/40 bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">
          Your last payment did not go through. Your plan keeps working while we retry; please update your
          card.
        </span>
        <Button size="sm" variant="outline" onClick={open} disabled={isPending}>
          Update card
        </Button>
      </div>
    </div>
  );
}
