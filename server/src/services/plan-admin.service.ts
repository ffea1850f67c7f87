import type { Plan } from '@common/plans';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createPlanChangeRepository } from '../repositories/plan-change.repository';
import { createUserRepository } from '../repositories/user.repository';

/**
 * Plan changes made by an operator without Stripe (self-hosting, support, tests). For a person with a Stripe
 * subscription the next webhook sets the plan Stripe has again: Stripe stays the source of truth for them.
 */
export function createPlanAdminService(deps: { db: Db; clock: Clock }) {
  return {
    /** Undefined when nobody has that e-mail. The change and its history line are written together. */
    async setPlan(email: string, plan: Plan, operator: string): Promise<{ from: Plan } | undefined> {
      const user = await createUserRepository(deps.db).getByEmail(email);
      if (!user) return undefined;
      return deps.db.transaction(async (tx) => {
        const users = createUserRepository(tx as Db);
        const locked = (await users.getForUpdate(user.id))!;
        await users.setPlan(user.id, plan, deps.clock.now());
        await createPlanChangeRepository(tx as Db).record({
          userId: user.id,
          fromTier: locked.subscriptionTier,
          toTier: plan,
          status: locked.subscriptionStatus,
          source: 'operator',
          reason: `users set-plan by ${operator}`,
        });
        return { from: locked.subscriptionTier };
      });
    },
  };
}
