import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';

export type ContactMessageRepository = ReturnType<typeof createContactMessageRepository>;

export function createContactMessageRepository(db: Db) {
  return {
    async create(message: { userId: string | null; email: string; message: string }): Promise<string> {
      const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      return row.id;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contactMessages);
      return row.n;
    },
  };
}
