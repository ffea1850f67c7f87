/** The single source for credits, size limits and queue priority (DECISIONS.md). */
export const PLANS = ['free', 'monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

const MB = 1024 * 1024;

export interface PlanLimits {
  name: string;
  priceUsd: number;
  /** Credits granted per period; for free the signup day gets `signupDayCredits` instead. */
  creditsPerPeriod: number;
  period: 'day' | 'month' | 'year';
  signupDayCredits?: number;
  maxUploadBytes: number;
  maxUploadMegabytes: number;
  /** Lower runs first (BullMQ's convention). */
  queuePriority: number;
  /** Largest result an upscale may produce, in pixels. */
  maxOutputPixels: number;
  /** Days a photo and its results are kept after upload; the daily clean-up removes older ones. */
  retentionDays: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    name: 'Free',
    priceUsd: 0,
    creditsPerPeriod: 1,
    signupDayCredits: 5,
    period: 'day',
    maxUploadBytes: 10 * MB,
    maxUploadMegabytes: 10,
    queuePriority: 10,
    maxOutputPixels: 36_000_000,
    retentionDays: 30,
  },
  monthly: {
    name: 'Monthly',
    priceUsd: 9.99,
    creditsPerPeriod: 100,
    period: 'month',
    maxUploadBytes: 25 * MB,
    maxUploadMegabytes: 25,
    queuePriority: 1,
    maxOutputPixels: 100_000_000,
    retentionDays: 365,
  },
  yearly: {
    name: 'Yearly',
    priceUsd: 99.99,
    creditsPerPeriod: 1500,
    period: 'year',
    maxUploadBytes: 25 * MB,
    maxUploadMegabytes: 25,
    queuePriority: 1,
    maxOutputPixels: 100_000_000,
    retentionDays: 365,
  },
};

/** Largest image accepted at upload, in pixels, whatever the plan. */
export const MAX_INPUT_PIXELS = 50_000_000;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/**
 * Stripe subscription statuses under which the paid plan works. past_due keeps it: Stripe is still retrying the
 * card, and the person is asked to update it.
 */
const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export function isLiveSubscription(status: string | null | undefined): boolean {
  return !!status && LIVE_SUBSCRIPTION_STATUSES.includes(status);
}
