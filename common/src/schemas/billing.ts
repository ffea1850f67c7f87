import { z } from 'zod';

/** POST /api/create-subscription: a plan, or one of the two configured Stripe price ids (the spec's form). */
export const checkoutRequestSchema = z
  .object({
    plan: z.enum(['monthly', 'yearly']).optional(),
    priceId: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /api/create-subscription and POST /api/billing-portal: the Stripe page to send the browser to. */
export const stripeRedirectSchema = z.object({ url: z.string() });
export type StripeRedirect = z.infer<typeof stripeRedirectSchema>;

/** POST /api/webhooks/stripe: what became of the event (applied, duplicate, ...), for Stripe's delivery log. */
export const webhookAckSchema = z.object({ received: z.literal(true), outcome: z.string() });
