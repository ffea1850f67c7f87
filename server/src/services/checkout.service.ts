import { PLAN_LIMITS } from '@common/plans';
import type { UserRow } from '../db/schema';
import { decidingSubscription, isLive, planOf } from '../domain/subscription-state';
import { AppError } from '../lib/errors';
import type { KeyedLock } from '../lib/keyed-lock';
import type { StripeGateway } from '../repositories/stripe.gateway';
import type { UserRepository } from '../repositories/user.repository';

export type PaidPlan = 'monthly' | 'yearly';
export type PlanChoice = { plan?: PaidPlan; priceId?: string };

const notConfigured = () =>
  new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');

/**
 * Starts Stripe Checkout and opens the customer portal. Nothing here changes a plan: that happens only when
 * Stripe's webhook reports it (billing-webhook.service.ts).
 */
export function createCheckoutService(deps: {
  users: UserRepository;
  /** Null when no Stripe keys are configured. */
  gateway: StripeGateway | null;
  prices: { monthly: string; yearly: string } | null;
  /** The public origin to come back to; null: the origin of the request. */
  siteUrl: string | null;
  lock: KeyedLock;
}) {
  const { users, lock } = deps;

  function priceFor(choice: PlanChoice, prices: { monthly: string; yearly: string }) {
    if (choice.priceId !== undefined) {
      const plan = (['monthly', 'yearly'] as const).find((p) => prices[p] === choice.priceId);
      if (!plan) throw new AppError('BAD_REQUEST', 'That price is not one of the plans on sale here.');
      if (choice.plan && choice.plan !== plan)
        throw new AppError('BAD_REQUEST', 'The plan and the price do not match.');
      return { plan, priceId: choice.priceId };
    }
    if (!choice.plan) throw new AppError('BAD_REQUEST', 'Choose the monthly or the yearly plan.');
    return { plan: choice.plan, priceId: prices[choice.plan] };
  }

  async function customerOf(gateway: StripeGateway, user: UserRow): Promise<string> {
    const fresh = (await users.getById(user.id)) ?? user;
    if (fresh.stripeCustomerId) return fresh.stripeCustomerId;
    const name = [fresh.firstName, fresh.lastName].filter(Boolean).join(' ') || null;
    const created = await gateway.createCustomer({ id: fresh.id, email: fresh.email, name });
    return (await users.linkStripeCustomer(fresh.id, created)) ?? created;
  }

  const base = (origin: string) => deps.siteUrl ?? origin;

  return {
    /**
     * The hosted checkout page to send the browser to. One person's checkouts run one at a time: a second click
     * on the same plan gets the same page, another plan replaces it (the earlier page expires), so two open
     * checkouts cannot both be paid.
     */
    async startCheckout(user: UserRow, choice: PlanChoice, origin: string): Promise<{ url: string }> {
      const { gateway, prices } = deps;
      if (!gateway || !prices) throw notConfigured();
      const { plan, priceId } = priceFor(choice, prices);
      return lock(user.id, async () => {
        const customerId = await customerOf(gateway, user);
        const { subscription } = decidingSubscription(await gateway.listSubscriptions(customerId));
        if (subscription && isLive(subscription.status)) {
          const current = planOf(subscription, prices);
          const name = current ? `the ${PLAN_LIMITS[current].name} plan` : 'a subscription';
          throw new AppError(
            'CONFLICT',
            `You already have ${name}. Use Manage subscription to switch plans or cancel.`,
          );
        }
        const open = await gateway.listOpenCheckouts(customerId);
        const same = open.find((s) => s.priceId === priceId);
        if (same) return { url: same.url };
        for (const other of open) await gateway.expireCheckout(other.id);
        const session = await gateway.createCheckout({
          customerId,
          userId: user.id,
          priceId,
          successUrl: `${base(origin)}/pricing?checkout=success&plan=${plan}`,
          cancelUrl: `${base(origin)}/pricing?checkout=canceled`,
        });
        return { url: session.url };
      });
    },

    /** Stripe's customer portal: change the card, switch plans, cancel. */
    async openPortal(user: UserRow, origin: string): Promise<{ url: string }> {
      if (!deps.gateway) throw notConfigured();
      const fresh = (await users.getById(user.id)) ?? user;
      if (!fresh.stripeCustomerId)
        throw new AppError('NOT_FOUND', 'There is no subscription to manage yet. Choose a plan first.');
      return {
        url: await deps.gateway.createPortalSession(fresh.stripeCustomerId, `${base(origin)}/pricing`),
      };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
