import { createHmac } from 'node:crypto';

/**
 * A Stripe-Signature header made as Stripe makes it (docs.stripe.com/webhooks#verify-manually):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's signing secret>`.
 */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
