import { currentUserSchema } from '@common/schemas/auth';
import type { Authenticator } from '../http/authenticate';
import { SESSION_COOKIE } from '../http/authenticate';
import type { App } from '../http/types';
import { SESSION } from '../http/openapi';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { AuthService } from '../services/auth.service';
import { toCurrentUser } from '../services/user-view';

export function authRoutes(
  app: App,
  deps: { auth: AuthService; authenticator: Authenticator; clock: Clock },
) {
  const { auth, authenticator, clock } = deps;

  app.get(
    '/api/auth/user',
    {
      schema: {
        summary: 'You: your name, plan and credits',
        tags: ['Account'],
        security: SESSION,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return toCurrentUser(await authenticator.requireUser(request), clock.now());
    },
  );

  /** Token sync: trades a valid ID token for an httpOnly session cookie, so images load in <img> tags. */
  app.post(
    '/api/auth/session',
    {
      schema: {
        summary: 'Trade a valid ID token for a session cookie, so that images load in <img> tags',
        tags: ['Account'],
        security: [{ idToken: [] }],
        emptyResponses: { 204: 'Signed in: the `sid` cookie is set.' },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const token = authenticator.bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      const user = await auth.userFromIdToken(token);
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await auth.endSession(previous);
      const { sid, expires } = await auth.startSession(user);
      authenticator.setSessionCookie(reply, sid, expires, request.protocol === 'https');
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/auth/session',
    {
      schema: {
        summary: 'Sign out: end the session and clear its cookie',
        tags: ['Account'],
        emptyResponses: { 204: 'Signed out.' },
      },
    },
    async (request, reply) => {
      const sid = request.cookies[SESSION_COOKIE];
      if (sid) await auth.endSession(sid);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );
}
