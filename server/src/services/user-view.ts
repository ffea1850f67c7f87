import { PLAN_LIMITS } from '@common/plans';
import type { CurrentUser } from '@common/schemas/auth';
import type { UserRow } from '../db/schema';
import { remainingCredits } from '../domain/credit-period';

/** The record the client receives as the current user. */
export function toCurrentUser(user: UserRow, now: Date): CurrentUser {
  const { period, remaining } = remainingCredits(user, now);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    subscription: user.subscriptionStatus
      ? {
          status: user.subscriptionStatus,
          periodEnd: user.subscriptionEndsAt?.toISOString() ?? null,
          cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
        }
      : null,
    credits: {
      remaining,
      limit: period.limit,
      period: PLAN_LIMITS[user.subscriptionTier].period,
      resetsAt: period.end.toISOString(),
    },
    maxUploadBytes: PLAN_LIMITS[user.subscriptionTier].maxUploadBytes,
  };
}
