import { eq } from 'drizzle-orm';
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
