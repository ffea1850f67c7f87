import { z } from 'zod';
import type { App } from '../http/types';
import type { Authenticator } from '../http/authenticate';
import { AppError } from '../lib/errors';

/** Checkout is its own piece of work; until Stripe keys are configured the answer says so plainly. */
export function billingRoutes(app: App, deps: { authenticator: Authenticator; paymentsEnabled: boolean }) {
  app.post(
    '/api/create-subscription',
    {
      schema: {
        body: z.object({ plan: z.enum(['monthly', 'yearly']).optional(), priceId: z.string().optional() }),
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await deps.authenticator.requireUser(request);
      if (!deps.paymentsEnabled) {
        throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
      }
      throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Online checkout is not available on this server yet.');
    },
  );
}
