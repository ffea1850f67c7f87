import { and, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users, type SessionData, type UserRow } from '../db/schema';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
  // Every signed-in page asks this, often: one round trip, its SQL built once and planned once per connection.
  let userOfLive: ReturnType<typeof prepareUserOfLive> | undefined;
  const prepareUserOfLive = () =>
    db
      .select(getTableColumns(users))
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
      .prepare('user_of_live_session');

  return {
    /** The user of a session that has not expired at `now`. */
    async userOfLive(sid: string, now: Date): Promise<UserRow | undefined> {
      userOfLive ??= prepareUserOfLive();
      const [row] = await userOfLive.execute({ sid, now: now.toISOString() });
      return row;
    },

    async create(sid: string, sess: SessionData, expire: Date): Promise<void> {
      await db.insert(sessions).values({ sid, sess, expire });
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
