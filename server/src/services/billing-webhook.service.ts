import type { UserRow } from '../db/schema';
import {
  applySubscription,
  decidingSubscription,
  isPlanChange,
  planOf,
  type SubscriptionSnapshot,
} from '../domain/subscription-state';
import type { Clock } from '../lib/clock';
import { isUuid } from '@common/ids';
import type { Logger } from '../lib/logger';
import type { DataStore } from '../repositories/repositories';
import type { StripeEventSummary, StripeGateway } from '../repositories/stripe.gateway';

/** The events that can change a plan; Stripe may send others to the same endpoint, and they are acknowledged. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Reads of Stripe before an event is applied even if the user's row keeps changing underneath. */
const MAX_ATTEMPTS = 3;

export type WebhookOutcome =
  'applied' | 'unchanged' | 'duplicate' | 'ignored-type' | 'unknown-customer' | 'unknown-price';

/**
 * Stripe's webhooks are the only source of truth for plans (DECISIONS.md). An event is a prompt to look: the
 * customer's subscriptions are read from Stripe as they are now and the plan follows from them, so late,
 * repeated or reordered events all end in the same state. Each event id is recorded in the transaction that
 * applies it, so a replay changes nothing. Two events for one person at once: a state is applied only if the
 * user's row is unchanged since Stripe was read, else Stripe is read again, so an older read never overwrites
 * a newer one.
 */
export function createBillingWebhookService(deps: {
  data: DataStore;
  gateway: StripeGateway;
  prices: { monthly: string; yearly: string };
  clock: Clock;
  log: Logger;
}) {
  const { data, gateway, log } = deps;

  async function ownerOf(event: StripeEventSummary): Promise<UserRow | undefined> {
    const { users } = data;
    if (event.customerId) {
      const byCustomer = await users.getByStripeCustomerId(event.customerId);
      if (byCustomer) return byCustomer;
    }
    // A customer made for this user whose id was not saved (the save failed after Stripe answered).
    if (!event.userId || !isUuid(event.userId)) return undefined;
    const byId = await users.getById(event.userId);
    return byId && !byId.stripeCustomerId ? byId : undefined;
  }

  async function apply(
    event: StripeEventSummary,
    owner: UserRow,
    customerId: string,
    subscriptions: SubscriptionSnapshot[],
    lastTry: boolean,
  ): Promise<WebhookOutcome | 'stale'> {
    const userId = owner.id;
    return data.transaction(async (tx) => {
      const { users } = tx;
      const current = await users.getForUpdate(userId);
      if (!current) return 'unknown-customer';
      // Changed since Stripe was read: another event may have applied a newer state; read Stripe again.
      if (!lastTry && current.updatedAt.getTime() !== owner.updatedAt.getTime()) return 'stale';
      if (!(await tx.stripeEvents.record(event.id, event.type))) return 'duplicate';
      if (!current.stripeCustomerId) await users.linkStripeCustomer(userId, customerId);
      const { subscription, liveCount } = decidingSubscription(subscriptions);
      if (!subscription) return 'unchanged';
      if (liveCount > 1)
        log.warn(
          { userId, customerId, liveCount },
          'customer has more than one live subscription; the newest decides the plan',
        );
      const plan = planOf(subscription, deps.prices);
      if (!plan) {
        log.warn(
          { userId, subscription: subscription.id, price: subscription.priceId },
          'subscription is on a price that is neither STRIPE_PRICE_MONTHLY nor STRIPE_PRICE_YEARLY; plan unchanged',
        );
        return 'unknown-price';
      }
      const next = applySubscription(current, { plan, subscription }, deps.clock.now());
      await users.updateSubscription(userId, next);
      if (!isPlanChange(current, next)) return 'unchanged';
      await tx.planChanges.record({
        userId,
        fromTier: current.subscriptionTier,
        toTier: next.subscriptionTier,
        status: next.subscriptionStatus,
        cancelAtPeriodEnd: next.subscriptionCancelAtPeriodEnd,
        source: 'stripe',
        reason: event.type,
        stripeEventId: event.id,
        stripeSubscriptionId: subscription.id,
      });
      return 'applied';
    });
  }

  return {
    async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const event = gateway.verifyEvent(rawBody, signature);
      if (!HANDLED_EVENTS.has(event.type)) return 'ignored-type';
      const events = data.stripeEvents;
      if (await events.isRecorded(event.id)) return 'duplicate';
      for (let attempt = 1; ; attempt++) {
        const owner = await ownerOf(event);
        if (!owner || !event.customerId) {
          log.warn(
            { event: event.id, type: event.type, customer: event.customerId },
            'event for no known user',
          );
          await events.record(event.id, event.type);
          return 'unknown-customer';
        }
        // Stripe is read outside the transaction, so no lock is held while it answers.
        const subscriptions = await gateway.listSubscriptions(event.customerId);
        const outcome = await apply(event, owner, event.customerId, subscriptions, attempt === MAX_ATTEMPTS);
        if (outcome === 'stale') continue;
        log.info({ event: event.id, type: event.type, userId: owner.id, outcome }, 'stripe event');
        return outcome;
      }
    },
  };
}

export type BillingWebhookService = ReturnType<typeof createBillingWebhookService>;
