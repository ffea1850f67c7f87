import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, type ApiKeyRow } from '../db/schema';

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;

export function createApiKeyRepository(db: Db) {
  return {
    async create(row: { userId: string; name: string; prefix: string; keyHash: string }): Promise<ApiKeyRow> {
      const [created] = await db.insert(apiKeys).values(row).returning();
      return created;
    },

    /** The person's keys, newest first, revoked ones included (the page shows when they were revoked). */
    listForUser(userId: string): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return row?.n ?? 0;
    },

    /** The live key with this hash; a revoked key is as unknown as a made-up one. */
    async getLiveByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
      return row;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },

    /** Revokes the person's own live key; false when there is none with that id. */
    async revoke(id: string, userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length === 1;
    },
  };
}
