import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's keys for calling the API from their own code. Only the key's SHA-256 is kept (the key itself is
 * shown once, when it is made); the first characters stay readable so a person can tell their keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** `csk_` and the key's first characters, e.g. `csk_3fA9xQ`: enough to recognise it, useless to guess it. */
    prefix: text().notNull(),
    /** SHA-256 of the whole key, base64url. */
    keyHash: text().notNull().unique(),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** Set when the key is revoked; a revoked key is refused but its row stays, so its history does. */
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
