import { and, eq, ne } from 'drizzle-orm';
import type { Mode } from '@common/modes';
import type { Db } from '../db/client';
import { processedImages, type ProcessedImageRow } from '../db/schema';

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

    async markCompleted(
      id: string,
      result: { resultKey: string; resultWidth: number; resultHeight: number; providerId: string },
    ) {
      await db
        .update(processedImages)
        .set({ status: 'completed', errorMessage: null, ...result })
        .where(eq(processedImages.id, id));
    },

    /** Moves a row to processing unless it is already there; false when another request got there first. */
    async startProcessing(id: string, maskKey: string | null): Promise<boolean> {
      const rows = await db
        .update(processedImages)
        .set({ status: 'processing', maskKey, errorMessage: null })
        .where(and(eq(processedImages.id, id), ne(processedImages.status, 'processing')))
        .returning({ id: processedImages.id });
      return rows.length === 1;
    },

    async markFailed(id: string, errorMessage: string) {
      await db
        .update(processedImages)
        .set({ status: 'failed', errorMessage })
        .where(eq(processedImages.id, id));
    },

    /** Removes the row of an upload whose edit was refused; its usage records, if any, keep their history. */
    async deleteOwned(id: string, userId: string): Promise<void> {
      await db
        .delete(processedImages)
        .where(and(eq(processedImages.id, id), eq(processedImages.userId, userId)));
    },

    /** Rows a stopped server left in processing. */
    async listProcessing(): Promise<ProcessedImageRow[]> {
      return db.select().from(processedImages).where(eq(processedImages.status, 'processing'));
    },
  };
}
