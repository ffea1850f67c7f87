import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

export type CreditRepository = ReturnType<typeof createCreditRepository>;

export function createCreditRepository(db: Db) {
  return {
    /** Locks the user's row until the transaction ends, so that two spends are counted one after the other. */
    async getForUpdate(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async setUsage(userId: string, creditsUsed: number, creditsResetAt: Date): Promise<void> {
      await db.update(users).set({ creditsUsed, creditsResetAt }).where(eq(users.id, userId));
    },

    /**
     * Gives back one credit taken at `takenAt`, unless a later period has started counting since: a credit of a
     * past day is gone anyway, and must not be added to today's.
     */
    async refund(userId: string, takenAt: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ creditsUsed: sql`${users.creditsUsed} - 1` })
        .where(and(eq(users.id, userId), lte(users.creditsResetAt, takenAt), gt(users.creditsUsed, 0)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
