import type { ComponentProps } from 'react';
import { Loader2, Settings } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/errors';
import { useOpenBillingPortal } from '../api/open-billing-portal';

export function useManageSubscription() {
  const portal = useOpenBillingPortal();
  const open = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to open the subscription settings. Please try again.'),
        }),
    });
  return { open, isPending: portal.isPending || portal.isSuccess };
}

/** Opens Stripe's customer portal: change the card, switch plans, cancel. */
export function ManageSubscriptionButton({
  label = 'Manage subscription',
  ...props
}: Omit<ComponentProps<typeof Button>, 'onClick' | 'children'> & { label?: string }) {
  const { open, isPending } = useManageSubscription();
  return (
    <Button variant="outline" {...props} onClick={open} disabled={isPending || props.disabled}>
      {isPending ? <Loader2 className="animate-spin" /> : <Settings />}
      {label}
    </Button>
  );
}
