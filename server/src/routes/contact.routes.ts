import { contactRequestSchema, contactResponseSchema } from '@common/schemas/contact';
import type { Authenticator } from '../http/authenticate';
import type { App } from '../http/types';
import type { ContactService } from '../services/contact.service';

export function contactRoutes(app: App, deps: { contact: ContactService; authenticator: Authenticator }) {
  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send the team a message; signed-in people are named with it',
        tags: ['Account'],
        body: contactRequestSchema,
        response: { 201: contactResponseSchema },
      },
      bodyLimit: 32 * 1024,
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const user = await deps.authenticator.optionalUser(request);
      await deps.contact.send(request.body, user);
      return reply.status(201).send({ ok: true });
    },
  );
}
