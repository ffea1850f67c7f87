import type { Plan } from '@common/plans';
import type { Clock } from '../lib/clock';
import type { DataStore } from '../repositories/repositories';

/**
 * Plan changes made by an operator without Stripe (self-hosting, support, tests). For a person with a Stripe
 * subscription the next webhook sets the plan Stripe has again: Stripe stays the source of truth for them.
 */
export function createPlanAdminService(deps: { data: DataStore; clock: Clock }) {
  const { data } = deps;
  return {
    /** Undefined when nobody has that e-mail. The change and its history line are written together. */
    async setPlan(email: string, plan: Plan, operator: string): Promise<{ from: Plan } | undefined> {
      const user = await data.users.getByEmail(email);
      if (!user) return undefined;
      return data.transaction(async (tx) => {
        const locked = (await tx.users.getForUpdate(user.id))!;
        await tx.users.setPlan(user.id, plan, deps.clock.now());
        await tx.planChanges.record({
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
      const user = await data.users.getByEmail(email);
      if (!user) return undefined;
      const changes = await data.planChanges.listForUser(user.id);
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
