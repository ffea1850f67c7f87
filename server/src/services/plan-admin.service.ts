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

    /** One line per change, oldest first, for support; undefined when nobody has that e-mail. */
    async history(email: string): Promise<string[] | undefined> {
      const user = await createUserRepository(deps.db).getByEmail(email);
      if (!user) return undefined;
      const changes = await createPlanChangeRepository(deps.db).listForUser(user.id);
      return changes.map((c) => {
        const when = c.createdAt.toISOString().replace('T', ' ').slice(0, 19);
        const status = c.status
          ? ` (${c.status}${c.cancelAtPeriodEnd ? ', cancels at period end' : ''})`
          : '';
        const ids = [c.stripeSubscriptionId, c.stripeEventId].filter(Boolean).join(' ');
        return `${when} UTC  ${c.fromTier} -> ${c.toTier}${status}  ${c.source}: ${c.reason}${ids ? `  ${ids}` : ''}`;
      });
    },
  };
}
