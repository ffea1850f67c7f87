import Stripe from 'stripe';
import type { StripeConfig } from '../config/env';
import type { SubscriptionSnapshot } from '../domain/subscription-state';
import { AppError } from '../lib/errors';

/** A verified Stripe event, reduced to what tells whose plan it concerns. */
export interface StripeEventSummary {
  id: string;
  type: string;
  customerId: string | null;
  /** Our user id as the checkout session or subscription carries it (client_reference_id, metadata.userId). */
  userId: string | null;
}

export interface OpenCheckout {
  id: string;
  url: string;
  priceId: string | null;
}

/** The part of Stripe's API the app uses; tests run it against a loopback stand-in (STRIPE_API_URL). */
export interface StripeGateway {
  /** Idempotent per user: two first checkouts at once get one customer. */
  createCustomer(user: { id: string; email: string; name: string | null }): Promise<string>;
  listOpenCheckouts(customerId: string): Promise<OpenCheckout[]>;
  expireCheckout(sessionId: string): Promise<void>;
  createCheckout(input: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** Every subscription of the customer, ended ones too, as Stripe has them now. */
  listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the Stripe-Signature header against the raw body; a wrong or stale signature is a 400. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEventSummary;
}

/** Seconds a signature stays valid (Stripe's own default): an older delivery is refused as a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const stripe = new Stripe(config.secretKey, {
    host: config.api.host,
    port: config.api.port,
    protocol: config.api.protocol,
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'cleanup-studio' },
  });

  return {
    async createCustomer(user) {
      return call(async () => {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
          { idempotencyKey: `customer-for-user-${user.id}` },
        );
        return customer.id;
      });
    },

    listOpenCheckouts: (customerId) =>
      call(async () => {
        const sessions = await stripe.checkout.sessions.list({
          customer: customerId,
          status: 'open',
          limit: 10,
        });
        return sessions.data
          .filter((s) => s.url)
          .map((s) => ({ id: s.id, url: s.url!, priceId: s.metadata?.priceId ?? null }));
      }),

    expireCheckout: (sessionId) =>
      call(async () => {
        await stripe.checkout.sessions.expire(sessionId);
      }),

    createCheckout: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: { userId: input.userId, priceId: input.priceId },
          subscription_data: { metadata: { userId: input.userId } },
        });
        if (!session.url) throw new AppError('PROVIDER_FAILED', 'Stripe did not return a checkout page.');
        return { id: session.id, url: session.url };
      }),

    listSubscriptions: (customerId) =>
      call(async () => {
        const snapshots: SubscriptionSnapshot[] = [];
        for await (const subscription of stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 100,
        }))
          snapshots.push(snapshotOf(subscription));
        return snapshots;
      }),

    createPortalSession: (customerId, returnUrl) =>
      call(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),

    verifyEvent(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook signature is not valid or has expired.');
      }
      return summarize(event);
    },
  };
}

/** Stripe's failures become a 502 with a sentence a person can read; the details go to the log. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stripeError = error as { type?: string; code?: string; message?: string; statusCode?: number };
    throw new AppError(
      'PROVIDER_FAILED',
      'The payment service did not answer as expected. Please try again.',
      {
        type: stripeError.type,
        code: stripeError.code,
        statusCode: stripeError.statusCode,
        message: stripeError.message,
      },
    );
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function summarize(event: Stripe.Event): StripeEventSummary {
  const object = event.data.object as unknown as {
    customer?: string | { id: string } | null;
    client_reference_id?: string | null;
    metadata?: Record<string, string> | null;
  };
  return {
    id: event.id,
    type: event.type,
    customerId: idOf(object.customer),
    userId: object.client_reference_id ?? object.metadata?.userId ?? null,
  };
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * Since API version 2025-03-31 the period lives on each subscription item, not on the subscription; the app
 * sells one price per subscription, so the first item's period is the subscription's.
 */
function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const periodStart = item?.current_period_start ?? subscription.start_date;
  const periodEnd = item?.current_period_end ?? subscription.start_date;
  const cancelAt = subscription.cancel_at ? fromUnix(subscription.cancel_at) : null;
  return {
    id: subscription.id,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    created: fromUnix(subscription.created),
    periodStart: fromUnix(periodStart),
    periodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
    endsAt: cancelAt ?? (subscription.ended_at ? fromUnix(subscription.ended_at) : null),
  };
}
