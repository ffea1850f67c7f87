import { z } from 'zod';
import { PLANS } from '../plans';

/** Client configuration served at GET /api/config, so the built client needs no build-time secrets. */
export const publicConfigSchema = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  /** Set when the server runs the Firebase Auth emulator (no Firebase project configured). */
  authEmulatorUrl: z.string().nullable(),
  contactEmail: z.string(),
  paymentsEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const creditsSchema = z.object({
  remaining: z.number().int(),
  /** Credits granted for the current period. */
  limit: z.number().int(),
  period: z.enum(['day', 'month', 'year']),
  /** When the next period starts (ISO 8601). */
  resetsAt: z.string(),
});
export type Credits = z.infer<typeof creditsSchema>;

/** The paid subscription as Stripe last reported it; null for someone who never subscribed. */
export const subscriptionSchema = z.object({
  /** Stripe's status: active, past_due (a renewal payment failed; the plan still works), canceled, ... */
  status: z.string(),
  /** End of the paid period (ISO 8601): the renewal date, or the last day when it ends instead. */
  periodEnd: z.string().nullable(),
  /** True when the plan ends at periodEnd instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/auth/user. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionTier: z.enum(PLANS),
  subscriptionStatus: z.string().nullable(),
  subscription: subscriptionSchema.nullable(),
  credits: creditsSchema,
  maxUploadBytes: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/credits. */
export const creditsResponseSchema = z.object({
  plan: z.enum(PLANS),
  credits: creditsSchema,
  maxUploadBytes: z.number().int(),
  maxUploadMegabytes: z.number(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export { displayName } from '../display-name';
