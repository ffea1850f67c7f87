import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stripeEvents } from '../db/schema';

export type StripeEventRepository = ReturnType<typeof createStripeEventRepository>;

export function createStripeEventRepository(db: Db) {
  return {
    async isRecorded(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, id));
      return !!row;
    },

    /**
     * Records the event as applied; false when it already was. Inside the applying transaction a concurrent
     * second delivery waits on the key and then finds it taken, so each event is applied once.
     */
    async record(id: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length === 1;
    },
  };
}
