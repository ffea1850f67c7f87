import { useMutation } from '@tanstack/react-query';
import type { StripeRedirect } from '@common/schemas/billing';
import { apiRequest } from '@client/lib/api-client';

export type PaidPlan = 'monthly' | 'yearly';

/** POST /api/create-subscription: answers with the hosted checkout URL to send the browser to. */
export async function createCheckout(plan: PaidPlan): Promise<string> {
  const { url } = await apiRequest<StripeRedirect>('/api/create-subscription', {
    method: 'POST',
    body: { plan },
  });
  return url;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
