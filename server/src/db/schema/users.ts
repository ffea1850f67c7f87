import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The identity provider's user id; the e-mail can change, this cannot. */
    firebaseUid: text().notNull().unique(),
    email: text().notNull().unique(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    subscriptionTier: text({ enum: ['free', 'monthly', 'yearly'] })
      .notNull()
      .default('free'),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    /** Null until a subscription exists; Stripe's words afterwards (active, past_due, canceled). */
    subscriptionStatus: text(),
    /** End of the paid period: the renewal date, or the last day when the plan is cancelled at period end. */
    subscriptionEndsAt: timestamp({ withTimezone: true }),
    /** True when the subscription ends at subscriptionEndsAt instead of renewing ("Monthly until 12 Dec"). */
    subscriptionCancelAtPeriodEnd: boolean().notNull().default(false),
    creditsUsed: integer().notNull().default(0),
    /** Start of the credit period that creditsUsed counts; a later period starts again from zero. */
    creditsResetAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('users_stripe_customer_id_idx').on(t.stripeCustomerId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
