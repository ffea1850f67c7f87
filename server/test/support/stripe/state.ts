/**
 * What a Stripe account holds, as the stand-in keeps it: customers, prices, Checkout Sessions, subscriptions and
 * invoices, shaped as Stripe's API version 2026-10-28 returns them (the period lives on the subscription item),
 * and the events Stripe would send about each change. Only the fields the app or its tests read, plus the
 * identifying ones, are filled in.
 */
import { randomBytes } from 'node:crypto';
import { addUtc } from '../../../src/domain/credit-period';

type Json = Record<string, unknown>;
export type StripeObject = Json & { id: string; object: string };

export interface PriceSpec {
  interval: 'month' | 'year';
  unitAmount: number;
}

export const API_VERSION = '2026-10-28.endive';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export function createStripeState(options: { prices: Record<string, PriceSpec>; now: () => Date }) {
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const events: StripeObject[] = [];
  const now = () => unix(options.now());

  const price = (id: string): StripeObject => {
    const spec = options.prices[id];
    if (!spec) throw new StripeError(400, `No such price: '${id}'`, 'resource_missing', 'price');
    return {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: spec.unitAmount,
      type: 'recurring',
      recurring: { interval: spec.interval, interval_count: 1 },
      product: `prod_${id}`,
      livemode: false,
    };
  };

  const get = (map: Map<string, StripeObject>, id: string, what: string) => {
    const found = map.get(id);
    if (!found) throw new StripeError(404, `No such ${what}: '${id}'`, 'resource_missing', 'id');
    return found;
  };

  function emit(type: string, object: StripeObject) {
    events.push({
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(publicView(object)) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  const item = (sub: StripeObject) => (sub.items as { data: Json[] }).data[0];

  function setPeriod(sub: StripeObject, start: Date) {
    const it = item(sub);
    const interval = ((it.price as Json).recurring as Json).interval as 'month' | 'year';
    it.current_period_start = unix(start);
    it.current_period_end = unix(addUtc(start, interval, 1));
  }

  function invoiceFor(sub: StripeObject, reason: string, paid: boolean): StripeObject {
    const it = item(sub);
    const amount = (it.price as Json).unit_amount;
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      currency: 'usd',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      period_start: it.current_period_start,
      period_end: it.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: now(),
      livemode: false,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  return {
    customers,
    sessions,
    subscriptions,
    events,

    createCustomer(params: Json): StripeObject {
      const customer: StripeObject = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    },

    customer: (id: string) => get(customers, id, 'customer'),

    createSession(params: Json, hostedBase: string): StripeObject {
      if (params.mode !== 'subscription')
        throw new StripeError(
          400,
          'Only subscription mode is supported here.',
          'parameter_invalid_string',
          'mode',
        );
      const lines = params.line_items as Json[] | undefined;
      if (!lines?.[0]?.price)
        throw new StripeError(400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
      price(String(lines[0].price));
      if (typeof params.customer === 'string') get(customers, params.customer, 'customer');
      if (!params.success_url)
        throw new StripeError(
          400,
          'Missing required param: success_url.',
          'parameter_missing',
          'success_url',
        );
      const id = newId('cs_test');
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        url: `${hostedBase}/checkout/${id}`,
        subscription: null,
        created: now(),
        expires_at: now() + 24 * 3600,
        currency: 'usd',
        livemode: false,
        // Not part of Stripe's answer; kept for the hosted page and pay().
        _price: lines[0].price,
        _subscription_metadata: (params.subscription_data as Json | undefined)?.metadata ?? {},
      };
      sessions.set(id, session);
      return session;
    },

    session: (id: string) => get(sessions, id, 'checkout session'),

    expireSession(id: string): StripeObject {
      const session = get(sessions, id, 'checkout session');
      if (session.status !== 'open')
        throw new StripeError(400, `Only open sessions can be expired; this one is ${session.status}.`);
      session.status = 'expired';
      session.url = null;
      emit('checkout.session.expired', session);
      return session;
    },

    /** The person pays on the hosted page: a subscription starts, and Stripe reports it in three events. */
    pay(sessionId: string): StripeObject {
      const session = get(sessions, sessionId, 'checkout session');
      if (session.status !== 'open') throw new StripeError(400, `This checkout is ${session.status}.`);
      const id = newId('sub');
      const sub: StripeObject = {
        id,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: now(),
        start_date: now(),
        billing_cycle_anchor: now(),
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        currency: 'usd',
        metadata: session._subscription_metadata,
        latest_invoice: null,
        livemode: false,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: price(String(session._price)),
              quantity: 1,
              subscription: id,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
      };
      setPeriod(sub, options.now());
      subscriptions.set(id, sub);
      const invoice = invoiceFor(sub, 'subscription_create', true);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id, url: null });
      emit('checkout.session.completed', session);
      emit('customer.subscription.created', sub);
      emit('invoice.paid', invoice);
      return sub;
    },

    subscription: (id: string) => get(subscriptions, id, 'subscription'),

    /** A new billing period begins; the renewal invoice is paid, or the card is declined (past_due). */
    renew(id: string, paid: boolean) {
      const sub = get(subscriptions, id, 'subscription');
      setPeriod(sub, new Date((item(sub).current_period_end as number) * 1000));
      sub.status = paid ? 'active' : 'past_due';
      const invoice = invoiceFor(sub, 'subscription_cycle', paid);
      emit('customer.subscription.updated', sub);
      emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    },

    /** What the customer portal does: cancel at period end (or undo it), or switch to another price. */
    update(id: string, change: { cancelAtPeriodEnd?: boolean; price?: string }) {
      const sub = get(subscriptions, id, 'subscription');
      if (change.cancelAtPeriodEnd !== undefined) {
        sub.cancel_at_period_end = change.cancelAtPeriodEnd;
        sub.canceled_at = change.cancelAtPeriodEnd ? now() : null;
      }
      if (change.price) {
        const before = ((item(sub).price as Json).recurring as Json).interval;
        item(sub).price = price(change.price);
        // A change of billing interval starts a new period now, invoiced at once (Stripe's rule).
        if (((item(sub).price as Json).recurring as Json).interval !== before) {
          setPeriod(sub, options.now());
          emit('invoice.paid', invoiceFor(sub, 'subscription_update', true));
        }
      }
      emit('customer.subscription.updated', sub);
    },

    /** The subscription ends: at the end of a cancelled period, or when Stripe gives up on a failed payment. */
    end(id: string) {
      const sub = get(subscriptions, id, 'subscription');
      Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: sub.canceled_at ?? now() });
      emit('customer.subscription.deleted', sub);
    },
  };
}

export type StripeState = ReturnType<typeof createStripeState>;

/** Removes the stand-in's own bookkeeping (keys starting with _) from an object before it is sent. */
export function publicView(object: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_'))) as StripeObject;
}
