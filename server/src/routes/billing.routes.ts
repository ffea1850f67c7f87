import type { FastifyRequest } from 'fastify';
import { checkoutRequestSchema, stripeRedirectSchema, webhookAckSchema } from '@common/schemas/billing';
import type { App } from '../http/types';
import type { Authenticator } from '../http/authenticate';
import { AppError } from '../lib/errors';
import type { BillingWebhookService } from '../services/billing-webhook.service';
import type { CheckoutService } from '../services/checkout.service';

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
      schema: { body: checkoutRequestSchema, response: { 200: stripeRedirectSchema } },
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
      schema: { response: { 200: stripeRedirectSchema } },
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
        schema: { response: { 200: webhookAckSchema } },
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
