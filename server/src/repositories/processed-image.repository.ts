import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Mode } from '@common/modes';
import type { Db } from '../db/client';
import { processedImages, users, type ProcessedImageRow } from '../db/schema';

/** The row is in the processing that started at `startedAt` (any later update changes updated_at). */
function stillProcessing(id: string, startedAt: Date) {
  return and(
    eq(processedImages.id, id),
    eq(processedImages.status, 'processing'),
    eq(processedImages.updatedAt, startedAt),
  );
}

export type ProcessedImageRepository = ReturnType<typeof createProcessedImageRepository>;

export function createProcessedImageRepository(db: Db) {
  return {
    async create(row: {
      id: string;
      userId: string;
      originalFilename: string;
      originalKey: string;
      width: number;
      height: number;
      editingMode: Mode;
    }): Promise<ProcessedImageRow> {
      const [created] = await db.insert(processedImages).values(row).returning();
      return created;
    },

    /** The image only if it belongs to this user: another user's id looks exactly like a missing one. */
    async getOwned(id: string, userId: string): Promise<ProcessedImageRow | undefined> {
      const [row] = await db
        .select()
        .from(processedImages)
        .where(and(eq(processedImages.id, id), eq(processedImages.userId, userId)));
      return row;
    },

    /**
     * Records the result of the processing that started at `startedAt`; false when that processing was settled
     * already (a job run twice, or settled by another process), so nothing is recorded twice.
     */
    async markCompleted(
      id: string,
      startedAt: Date,
      result: { resultKey: string; resultWidth: number; resultHeight: number; providerId: string },
    ): Promise<boolean> {
      const rows = await db
        .update(processedImages)
        .set({ status: 'completed', errorMessage: null, ...result })
        .where(stillProcessing(id, startedAt))
        .returning({ id: processedImages.id });
      return rows.length === 1;
    },

    /**
     * Moves a row to processing unless it is already there, and answers when, which names this processing
     * until it is settled; null when another request got there first.
     */
    async startProcessing(id: string, maskKey: string | null): Promise<Date | null> {
      const rows = await db
        .update(processedImages)
        .set({ status: 'processing', maskKey, errorMessage: null })
        .where(and(eq(processedImages.id, id), ne(processedImages.status, 'processing')))
        .returning({ startedAt: processedImages.updatedAt });
      return rows[0]?.startedAt ?? null;
    },

    /** Fails the row; with `startedAt`, only while that processing is still unsettled (false otherwise). */
    async markFailed(id: string, errorMessage: string, startedAt?: Date): Promise<boolean> {
      const rows = await db
        .update(processedImages)
        .set({ status: 'failed', errorMessage })
        .where(startedAt ? stillProcessing(id, startedAt) : eq(processedImages.id, id))
        .returning({ id: processedImages.id });
      return rows.length === 1;
    },

    /** These images, only the ones that belong to this user. */
    async listOwned(ids: string[], userId: string): Promise<ProcessedImageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(processedImages)
        .where(and(inArray(processedImages.id, ids), eq(processedImages.userId, userId)));
    },

    /**
     * One page of the user's results, newest first; `after` is the last row of the page before. Times are
     * compared to the millisecond (what a cursor carries) and ties broken by id, so no row is shown twice or
     * skipped between pages.
     */
    async listResults(
      userId: string,
      after: { createdAt: Date; id: string } | null,
      limit: number,
    ): Promise<ProcessedImageRow[]> {
      const { id } = processedImages;
      const created = sql`date_trunc('milliseconds', ${processedImages.createdAt})`;
      return db
        .select()
        .from(processedImages)
        .where(
          and(
            eq(processedImages.userId, userId),
            eq(processedImages.status, 'completed'),
            isNotNull(processedImages.resultKey),
            after
              ? sql`(${created}, ${id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(created), desc(id))
        .limit(limit);
    },

    /** Removes the row; its usage records stay, without the link (the foreign key sets it null). */
    async delete(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(processedImages)
        .where(and(eq(processedImages.id, id), eq(processedImages.userId, userId)))
        .returning({ id: processedImages.id });
      return rows.length === 1;
    },

    /**
     * Rows past their owner's retention: uploaded before `freeBefore` by someone on the free plan, or before
     * `paidBefore` by someone on a paid plan. Rows being processed wait for the next clean-up.
     */
    async listExpired(cutoffs: { freeBefore: Date; paidBefore: Date }, limit: number) {
      return db
        .select({ id: processedImages.id, userId: processedImages.userId })
        .from(processedImages)
        .innerJoin(users, eq(users.id, processedImages.userId))
        .where(
          and(
            ne(processedImages.status, 'processing'),
            or(
              and(eq(users.subscriptionTier, 'free'), lt(processedImages.createdAt, cutoffs.freeBefore)),
              and(ne(users.subscriptionTier, 'free'), lt(processedImages.createdAt, cutoffs.paidBefore)),
            ),
          ),
        )
        .limit(limit);
    },

    /** Rows a stopped server left in processing. */
    async listProcessing(): Promise<ProcessedImageRow[]> {
      return db.select().from(processedImages).where(eq(processedImages.status, 'processing'));
    },
  };
}
