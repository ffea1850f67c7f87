import { PLAN_LIMITS, type Plan } from '@common/plans';

/** Yearly against twelve monthly payments, rounded as the pricing copy states it ("save 17%"). */
export function yearlySavingPercent(): number {
  return Math.round((1 - PLAN_LIMITS.yearly.priceUsd / (PLAN_LIMITS.monthly.priceUsd * 12)) * 100);
}

export function formatPrice(usd: number): string {
  return usd === 0 ? '$0' : `$${usd.toFixed(2)}`;
}

const PERIOD_WORD = { day: 'day', month: 'month', year: 'year' } as const;

/** The feature lines of a plan card, all derived from PLAN_LIMITS. */
export function planFeatures(plan: Plan): string[] {
  const limits = PLAN_LIMITS[plan];
  const uploads = `Uploads up to ${limits.maxUploadMegabytes} MB`;
  if (plan === 'free') {
    return [
      `${limits.signupDayCredits} edits on the day you sign up`,
      `Then ${limits.creditsPerPeriod} edit every ${PERIOD_WORD[limits.period]}`,
      'All 7 editing modes',
      uploads,
    ];
  }
  return [
    `${limits.creditsPerPeriod.toLocaleString('en-US')} edits per ${PERIOD_WORD[limits.period]}`,
    'All 7 editing modes',
    uploads,
    'Priority processing',
  ];
}
