import type { UserRow } from '../db/schema';
import { remainingCredits } from '../domain/credit-period';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { CreditRepository } from '../repositories/credit.repository';

export interface Reservation {
  /** When the credit was taken; a refund goes back only while that period still counts. */
  takenAt: Date;
}

/**
 * Spends and refunds credits. `reserve` must run inside the transaction that starts the work it pays for:
 * the user's row is locked, so concurrent requests spend one credit each, never the same one twice.
 */
export function createCreditsService(deps: { clock: Clock }) {
  return {
    /**
     * Takes `count` credits at once, or none: a batch holds what all its photos need before the first one
     * starts, and gives back one for each photo that fails. Each credit is refunded on its own.
     */
    async reserve(credits: CreditRepository, userId: string, count = 1): Promise<Reservation> {
      const user = await credits.getForUpdate(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      const now = deps.clock.now();
      const { period, remaining } = remainingCredits(user, now);
      if (remaining <= 0) throw noCredits(user, period.end);
      if (remaining < count) throw notEnoughForBatch(user, count, remaining, period.end);
      const counted = user.creditsResetAt >= period.start;
      await credits.setUsage(
        userId,
        counted ? user.creditsUsed + count : count,
        counted ? user.creditsResetAt : period.start,
      );
      return { takenAt: now };
    },

    refund: (credits: CreditRepository, userId: string, reservation: Reservation) =>
      credits.refund(userId, reservation.takenAt),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

function noCredits(user: UserRow, resetsAt: Date): AppError {
  return new AppError(
    'INSUFFICIENT_CREDITS',
    `You have used all your credits for this period. More credits arrive on ${utc(resetsAt)}.${advice(user)}`,
  );
}

function notEnoughForBatch(user: UserRow, needed: number, remaining: number, resetsAt: Date): AppError {
  const left = remaining === 1 ? '1 credit' : `${remaining} credits`;
  return new AppError(
    'INSUFFICIENT_CREDITS',
    `This batch needs ${needed} credits and you have ${left} left. Choose fewer photos, or wait until ` +
      `${utc(resetsAt)} for more.${advice(user)}`,
    { needed, remaining },
  );
}

const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
const advice = (user: UserRow) =>
  user.subscriptionTier === 'free' ? ' Upgrade to a paid plan for 100 or more credits.' : '';
