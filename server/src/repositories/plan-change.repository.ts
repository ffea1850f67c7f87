import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { planChanges, type NewPlanChangeRow, type PlanChangeRow } from '../db/schema';

export type PlanChangeRepository = ReturnType<typeof createPlanChangeRepository>;

export function createPlanChangeRepository(db: Db) {
  return {
    async record(change: NewPlanChangeRow): Promise<void> {
      await db.insert(planChanges).values(change);
    },

    /** Oldest first: the story of a user's plan as support reads it. */
    async listForUser(userId: string): Promise<PlanChangeRow[]> {
      return db
        .select()
        .from(planChanges)
        .where(eq(planChanges.userId, userId))
        .orderBy(asc(planChanges.createdAt), asc(planChanges.id));
    },
  };
}
