import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface SessionData {
  userId: string;
  firebaseUid: string;
}

/** Cookie sessions, so that images can be served to their owner by an <img> tag without a bearer header. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().$type<SessionData>().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);
