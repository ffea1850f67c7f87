import { useMutation } from '@tanstack/react-query';
import type { StripeRedirect } from '@common/schemas/billing';
import { apiRequest } from '@client/lib/api-client';

/** POST /api/billing-portal: Stripe's customer portal (card, plan switch, cancel) for the signed-in person. */
export async function openBillingPortal(): Promise<string> {
  const { url } = await apiRequest<StripeRedirect>('/api/billing-portal', { method: 'POST' });
  return url;
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (url) => window.location.assign(url),
  });
}
