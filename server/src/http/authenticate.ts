import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import type { AuthService } from '../services/auth.service';

export const SESSION_COOKIE = 'sid';

export interface Authenticator {
  /** The caller's user from a bearer ID token, else from the session cookie; undefined when signed out. */
  optionalUser(request: FastifyRequest): Promise<UserRow | undefined>;
  /** As optionalUser, but a signed-out caller gets 401. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  bearerToken(request: FastifyRequest): string | undefined;
  setSessionCookie(reply: FastifyReply, sid: string, expires: Date, secure: boolean): void;
}

export function createAuthenticator(auth: AuthService): Authenticator {
  const bearerToken = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    return match?.[1];
  };
  const optionalUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) return auth.userFromIdToken(token);
    const sid = request.cookies[SESSION_COOKIE];
    return sid ? auth.userFromSession(sid) : undefined;
  };
  return {
    bearerToken,
    optionalUser,
    async requireUser(request) {
      const user = await optionalUser(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      return user;
    },
    setSessionCookie(reply, sid, expires, secure) {
      reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
    },
  };
}
