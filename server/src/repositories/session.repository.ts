import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, type SessionData } from '../db/schema';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
  return {
    async create(sid: string, sess: SessionData, expire: Date): Promise<void> {
      await db.insert(sessions).values({ sid, sess, expire });
    },

    async getLive(sid: string, now: Date): Promise<SessionData | undefined> {
      const [row] = await db
        .select({ sess: sessions.sess })
        .from(sessions)
        .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)));
      return row?.sess;
    },

    async delete(sid: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.sid, sid));
    },

    async deleteExpired(now: Date): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
      return rows.length;
    },
  };
}
