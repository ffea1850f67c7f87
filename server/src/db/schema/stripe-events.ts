import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe events already applied, by Stripe's event id. The id is inserted in the transaction that applies the
 * event, so a replayed or redelivered event finds it and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
