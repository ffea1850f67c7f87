/**
 * A loopback stand-in for Stripe's API, for tests: the `stripe` SDK talks to it through STRIPE_API_URL as it
 * would to api.stripe.com. It follows Stripe's documented behaviour for the calls the app makes: bearer secret
 * key, form-encoded bodies, Idempotency-Key replays, list objects, error bodies `{ error: { type, code, message } }`.
 * It also serves a hosted checkout page (Pay) and a customer portal page (Cancel at period end), and, when
 * given a webhook URL, delivers each event there signed as Stripe signs them.
 *
 *   const stripe = await startStripeStub({ secretKey, webhookSecret, prices: { price_m: { interval: 'month', unitAmount: 999 } } });
 *   stripe.url                        // STRIPE_API_URL for the app
 *   stripe.state.pay(sessionId)       // what Stripe does, driven by the test
 *   stripe.takeEvents()               // the events since the last call, to deliver in any order
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStripeForm } from './form';
import { checkoutPage, portalPage } from './pages';
import { stripeSignature } from './signature';
import { createStripeState, publicView, StripeError, type PriceSpec, type StripeObject } from './state';

export interface StripeStubOptions {
  secretKey: string;
  webhookSecret: string;
  prices: Record<string, PriceSpec>;
  now?: () => Date;
  /** When set, every event is POSTed here, signed, in the order it happened. */
  webhookUrl?: string;
  /** Wait before delivering, so a browser back from checkout sees the plan arrive. */
  webhookDelayMs?: number;
}

type Json = Record<string, unknown>;

export async function startStripeStub(options: StripeStubOptions) {
  const state = createStripeState({ prices: options.prices, now: options.now ?? (() => new Date()) });
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string }[] = [];
  let delivered = 0;
  let url = '';

  async function deliverPending(delayMs = options.webhookDelayMs ?? 0) {
    if (!options.webhookUrl) return;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    while (delivered < state.events.length) {
      const payload = JSON.stringify(state.events[delivered++], null, 2);
      await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(payload, options.webhookSecret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      }).catch((error) => console.error('stripe stub: webhook delivery failed', error));
    }
  }

  const list = (data: StripeObject[], path: string) => ({
    object: 'list',
    data: data.map(publicView),
    has_more: false,
    url: path,
  });

  function api(method: string, path: string, query: URLSearchParams, body: Json): unknown {
    const route = `${method} ${path.replace(/\/(cus|cs_test|sub)_[0-9a-f]+/g, '/:id')}`;
    const id = path.match(/(cus|cs_test|sub)_[0-9a-f]+/)?.[0] ?? '';
    switch (route) {
      case 'POST /v1/customers':
        return state.createCustomer(body);
      case 'GET /v1/customers/:id':
        return state.customer(id);
      case 'POST /v1/checkout/sessions':
        return state.createSession(body, url);
      case 'GET /v1/checkout/sessions': {
        const found = [...state.sessions.values()].filter(
          (s) =>
            (!query.get('customer') || s.customer === query.get('customer')) &&
            (!query.get('status') || s.status === query.get('status')),
        );
        return list(found.reverse(), '/v1/checkout/sessions');
      }
      case 'GET /v1/checkout/sessions/:id':
        return state.session(id);
      case 'POST /v1/checkout/sessions/:id/expire':
        return state.expireSession(id);
      case 'GET /v1/subscriptions': {
        // Stripe leaves canceled subscriptions out unless status=all (or status=canceled) is asked for.
        const status = query.get('status');
        const found = [...state.subscriptions.values()].filter(
          (s) =>
            (!query.get('customer') || s.customer === query.get('customer')) &&
            (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
        );
        return list(found.reverse(), '/v1/subscriptions');
      }
      case 'GET /v1/subscriptions/:id':
        return state.subscription(id);
      case 'POST /v1/billing_portal/sessions': {
        const customer = state.customer(String(body.customer ?? ''));
        const portalId = `bps_${Math.random().toString(16).slice(2, 14)}`;
        portals.set(portalId, { customer: customer.id, returnUrl: String(body.return_url ?? '') });
        return {
          id: portalId,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: body.return_url ?? null,
          url: `${url}/portal/${portalId}`,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
      }
      default:
        throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }
  const portals = new Map<string, { customer: string; returnUrl: string }>();

  async function hosted(method: string, path: string, res: ServerResponse) {
    const [, kind, id, action] = path.split('/');
    if (kind === 'checkout') {
      const session = state.session(id);
      if (method === 'GET') return html(res, checkoutPage(session, options.prices));
      if (action === 'pay') {
        state.pay(id);
        void deliverPending();
        return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
      }
      return redirect(res, String(session.cancel_url));
    }
    const portal = portals.get(id);
    if (kind !== 'portal' || !portal) throw new StripeError(404, 'No such page.');
    const subs = [...state.subscriptions.values()].filter((s) => s.customer === portal.customer);
    if (method === 'GET') return html(res, portalPage(id, subs, portal.returnUrl));
    const live = subs.find((s) => s.status !== 'canceled');
    if (action === 'cancel' && live) state.update(live.id, { cancelAtPeriodEnd: true });
    // The portal's own confirmation page gives Stripe time to deliver; here the event goes out before the way back.
    await deliverPending(0);
    return redirect(res, portal.returnUrl);
  }

  const server = createServer(async (req, res) => {
    const target = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: target.pathname });
    try {
      const raw = await readBody(req);
      if (!target.pathname.startsWith('/v1/')) return await hosted(req.method ?? 'GET', target.pathname, res);
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${options.secretKey}`)
        return json(res, 401, stripeError(new StripeError(401, 'Invalid API Key provided.')));
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && req.method === 'POST' ? `${target.pathname} ${key}` : null;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay) return json(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      let status = 200;
      let body: unknown;
      try {
        const result = api(req.method ?? 'GET', target.pathname, target.searchParams, parseStripeForm(raw));
        body = isStripeObject(result) ? publicView(result) : result;
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        body = stripeError(error);
      }
      if (replayKey) idempotent.set(replayKey, { status, body });
      return json(res, status, body);
    } catch (error) {
      if (error instanceof StripeError) return json(res, error.status, stripeError(error));
      console.error('stripe stub:', error);
      return json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    requests,
    /** Events since the last call, oldest first. */
    takeEvents(): StripeObject[] {
      const fresh = state.events.slice(delivered);
      delivered = state.events.length;
      return fresh;
    },
    deliverPending,
    /** Where events go from now on (the app's address is known only once it runs). */
    setWebhookUrl(webhookUrl: string) {
      options.webhookUrl = webhookUrl;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStub = Awaited<ReturnType<typeof startStripeStub>>;

const isStripeObject = (value: unknown): value is StripeObject =>
  typeof value === 'object' && value !== null && 'object' in value && 'id' in value;

function stripeError(error: StripeError) {
  return {
    error: {
      type: error.status === 401 ? 'invalid_request_error' : 'invalid_request_error',
      code: error.code,
      param: error.param,
      message: error.message,
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, page: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}
