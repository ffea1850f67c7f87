import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PLANS } from '@common/plans';
import { users } from './users';

/**
 * Every change of a user's plan or subscription status, with who made it, so that support can answer
 * "what happened to my plan".
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTier: text({ enum: PLANS }).notNull(),
    toTier: text({ enum: PLANS }).notNull(),
    /** Stripe's subscription status after the change; null for changes made without Stripe. */
    status: text(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** stripe: a webhook; operator: the command line. */
    source: text({ enum: ['stripe', 'operator'] }).notNull(),
    /** The Stripe event type, or the operator command, that made the change. */
    reason: text().notNull(),
    stripeEventId: text(),
    stripeSubscriptionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('plan_changes_user_id_idx').on(t.userId)],
);

export type PlanChangeRow = typeof planChanges.$inferSelect;
export type NewPlanChangeRow = typeof planChanges.$inferInsert;
