import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export type HealthRepository = ReturnType<typeof createHealthRepository>;

export function createHealthRepository(db: Db) {
  return {
    /** Resolves when the database answers a query; rejects with the driver's error when it does not. */
    async pingDatabase(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
