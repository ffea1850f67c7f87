import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type NewUserRow, type UserRow } from '../db/schema';

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: Db) {
  return {
    async getByFirebaseUid(firebaseUid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
      return row;
    },

    async getById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async getByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    /**
     * Inserts unless the uid exists; safe under concurrent first calls (one row, whoever wins).
     * Undefined when the e-mail already belongs to another uid.
     */
    async createIfMissing(user: NewUserRow): Promise<UserRow | undefined> {
      await db.insert(users).values(user).onConflictDoNothing();
      const [row] = await db.select().from(users).where(eq(users.firebaseUid, user.firebaseUid));
      return row;
    },

    async getByStripeCustomerId(customerId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return row;
    },

    /** Locks the row until the transaction ends, so two plan changes apply one after the other. */
    async getForUpdate(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /** Links a Stripe customer unless one is linked already; answers the customer that is linked afterwards. */
    async linkStripeCustomer(id: string, customerId: string): Promise<string | null> {
      await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, id), isNull(users.stripeCustomerId)));
      const [row] = await db
        .select({ stripeCustomerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, id));
      return row?.stripeCustomerId ?? null;
    },

    async updateSubscription(
      id: string,
      update: Pick<
        UserRow,
        | 'subscriptionTier'
        | 'stripeSubscriptionId'
        | 'subscriptionStatus'
        | 'subscriptionEndsAt'
        | 'subscriptionCancelAtPeriodEnd'
        | 'creditsUsed'
        | 'creditsResetAt'
      >,
    ): Promise<void> {
      await db.update(users).set(update).where(eq(users.id, id));
    },

    /** A plan change starts a new credit period from now. */
    async setPlan(id: string, plan: UserRow['subscriptionTier'], now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ subscriptionTier: plan, creditsUsed: 0, creditsResetAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
