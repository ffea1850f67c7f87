import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkoutRequestSchema, stripeRedirectSchema, webhookAckSchema } from '@common/schemas/billing';
import type { App } from '../http/types';
import { SESSION } from '../http/openapi';
import type { Authenticator } from '../http/authenticate';
import { AppError } from '../lib/errors';
import type { BillingWebhookService } from '../services/billing-webhook.service';
import type { CheckoutService } from '../services/checkout.service';

/** The fields of a Stripe event this server reads; Stripe sends many more. */
const stripeEventSchema = z.looseObject({
  id: z.string(),
  type: z.string().describe('For example checkout.session.completed or customer.subscription.updated.'),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Checkout, the customer portal and Stripe's webhook. Without Stripe keys the first two say payments are off. */
export function billingRoutes(
  app: App,
  deps: { authenticator: Authenticator; checkout: CheckoutService; webhooks: BillingWebhookService | null },
) {
  const { authenticator, checkout } = deps;

  app.post(
    '/api/create-subscription',
    {
      schema: {
        summary: 'Start a Stripe Checkout for a paid plan; answers the page to send the person to',
        tags: ['Billing'],
        security: SESSION,
        body: checkoutRequestSchema,
        response: { 200: stripeRedirectSchema },
        errors: { 503: 'Payments are not configured on this server (PAYMENTS_NOT_CONFIGURED).' },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return checkout.startCheckout(user, request.body, origin(request));
    },
  );

  app.post(
    '/api/billing-portal',
    {
      schema: {
        summary: 'Open the Stripe customer portal (invoices, card, cancelling); answers its address',
        tags: ['Billing'],
        security: SESSION,
        response: { 200: stripeRedirectSchema },
        errors: { 503: 'Payments are not configured on this server (PAYMENTS_NOT_CONFIGURED).' },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return checkout.openPortal(user, origin(request));
    },
  );

  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw instead of parsing JSON.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/webhooks/stripe',
      {
        schema: {
          summary: 'Stripe’s events about subscriptions and payments, signed with the webhook secret',
          tags: ['Billing'],
          documentedBody: { mediaType: 'application/json', schema: stripeEventSchema },
          documentedHeaders: {
            'stripe-signature':
              'Stripe’s signature of the exact body; events without a valid one are refused.',
          },
          response: { 200: webhookAckSchema },
          errors: { 503: 'Payments are not configured on this server (PAYMENTS_NOT_CONFIGURED).' },
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request) => {
        if (!deps.webhooks)
          throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
        if (!Buffer.isBuffer(request.body))
          throw new AppError('BAD_REQUEST', 'A Stripe event must be sent as application/json.');
        const signature = request.headers['stripe-signature'];
        const outcome = await deps.webhooks.handle(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true, outcome };
      },
    );
  });
}
