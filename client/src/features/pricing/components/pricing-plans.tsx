import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLiveSubscription } from '@common/plans';
import { currentUserQueryOptions, LoginDialog, preloadAuth, useAuth } from '@client/features/auth';
import { getErrorMessage } from '@client/lib/errors';
import { usePublicConfig } from '@client/lib/public-config';
import { useCreateCheckout, type PaidPlan } from '../api/create-checkout';
import { yearlySavingPercent } from '../model/plan-copy';
import { CheckoutNotice, isActivated, useCheckoutReturn } from './checkout-notice';
import { CurrentPlan } from './current-plan';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { PlanCard } from './plan-card';

export function PricingPlans() {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const checkoutReturn = useCheckoutReturn();
  // Back from checkout, the plan arrives with Stripe's webhook: ask again every 1.5 s until it has.
  const { data: current } = useQuery({
    ...currentUserQueryOptions(),
    refetchInterval: (query) =>
      checkoutReturn?.outcome === 'success' && !isActivated(checkoutReturn, query.state.data) ? 1500 : false,
  });
  const user = current ?? null;
  const subscribed = !!user && isLiveSubscription(user.subscription?.status);
  const { data: config } = usePublicConfig();
  const checkout = useCreateCheckout();
  const [pendingPlan, setPendingPlan] = useState<PaidPlan | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);

  function startCheckout(plan: PaidPlan) {
    setPendingPlan(plan);
    checkout.mutate(plan, {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to start checkout. Please try again.'),
        }),
    });
  }

  async function choose(plan: PaidPlan) {
    setPendingPlan(plan);
    // A click while the session is still being restored waits for it rather than asking to sign in again.
    const signedIn = isAuthenticated || !!(await queryClient.ensureQueryData(currentUserQueryOptions()));
    if (signedIn) startCheckout(plan);
    else setLoginOpen(true);
  }

  const busy = (plan: PaidPlan) => checkout.isPending && pendingPlan === plan;

  const isCurrent = (plan: 'free' | PaidPlan) => user?.subscriptionTier === plan;

  return (
    <>
      <CheckoutNotice checkout={checkoutReturn} user={user} />
      {user && <CurrentPlan user={user} />}
      <div className="grid gap-8 lg:grid-cols-3">
        <PlanCard plan="free" tagline="Try every mode on real photos." current={isCurrent('free')}>
          <Button asChild variant="outline" size="lg">
            <Link href="/editor">{user ? 'Open the editor' : 'Get Started Free'}</Link>
          </Button>
        </PlanCard>
        <PlanCard plan="monthly" tagline="For regular sellers and creators." current={isCurrent('monthly')}>
          {subscribed ? (
            <ManageSubscriptionButton
              size="lg"
              label={isCurrent('monthly') ? 'Manage subscription' : 'Switch to Monthly'}
            />
          ) : (
            <Button
              size="lg"
              onClick={() => choose('monthly')}
              onPointerEnter={preloadAuth}
              disabled={checkout.isPending}
            >
              {busy('monthly') && <Loader2 className="animate-spin" />}
              Subscribe Monthly
            </Button>
          )}
        </PlanCard>
        <PlanCard
          plan="yearly"
          tagline="The best price for steady use."
          badge={`Save ${yearlySavingPercent()}%`}
          highlighted={!user || user.subscriptionTier === 'free'}
          current={isCurrent('yearly')}
        >
          {subscribed ? (
            <ManageSubscriptionButton
              size="lg"
              label={isCurrent('yearly') ? 'Manage subscription' : 'Switch to Yearly'}
            />
          ) : (
            <Button
              size="lg"
              variant="gradient"
              onClick={() => choose('yearly')}
              onPointerEnter={preloadAuth}
              disabled={checkout.isPending}
            >
              {busy('yearly') && <Loader2 className="animate-spin" />}
              Subscribe Yearly
            </Button>
          )}
        </PlanCard>
      </div>
      {config && !config.paymentsEnabled && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Online payments are not enabled on this server yet; the free plan works in full.
        </p>
      )}
      <LoginDialog
        open={loginOpen}
        onOpenChange={setLoginOpen}
        onSignedIn={() => {
          setLoginOpen(false);
          if (pendingPlan) startCheckout(pendingPlan);
        }}
      />
    </>
  );
}
