import { eq } from 'drizzle-orm';
import type { Mode } from '@common/modes';
import type { Db } from '../db/client';
import { usageRecords } from '../db/schema';

export type UsageRecordRepository = ReturnType<typeof createUsageRecordRepository>;

export function createUsageRecordRepository(db: Db) {
  return {
    async create(record: { userId: string; imageId: string; editingMode: Mode }): Promise<void> {
      await db.insert(usageRecords).values({ ...record, creditsUsed: 1 });
    },

    async listForUser(userId: string) {
      return db.select().from(usageRecords).where(eq(usageRecords.userId, userId));
    },
  };
}
