import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { looksLikeApiKey, type ApiKeysService } from '../services/api-keys.service';
import type { AuthService } from '../services/auth.service';

export const SESSION_COOKIE = 'sid';

export interface Authenticator {
  /**
   * The caller's user from a bearer ID token, else from the session cookie; undefined when signed out. An API key
   * is refused here: it works only where `requireUserOrKey` is used.
   */
  optionalUser(request: FastifyRequest): Promise<UserRow | undefined>;
  /** As optionalUser, but a signed-out caller gets 401. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  /** As requireUser, and an API key (`Bearer csk_...`) stands for its owner: the editing calls, for scripts. */
  requireUserOrKey(request: FastifyRequest): Promise<UserRow>;
  bearerToken(request: FastifyRequest): string | undefined;
  setSessionCookie(reply: FastifyReply, sid: string, expires: Date, secure: boolean): void;
}

export function createAuthenticator(auth: AuthService, apiKeys: ApiKeysService): Authenticator {
  const bearerToken = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    return match?.[1];
  };
  const optionalUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token && looksLikeApiKey(token))
      throw new AppError(
        'FORBIDDEN',
        'API keys work on the editing calls only; sign in on the website to manage your account.',
      );
    if (token) return auth.userFromIdToken(token);
    const sid = request.cookies[SESSION_COOKIE];
    return sid ? auth.userFromSession(sid) : undefined;
  };
  const requireUser = async (request: FastifyRequest) => {
    const user = await optionalUser(request);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  };
  return {
    bearerToken,
    optionalUser,
    requireUser,
    async requireUserOrKey(request) {
      const token = bearerToken(request);
      if (!token || !looksLikeApiKey(token)) return requireUser(request);
      const user = await apiKeys.userFromKey(token);
      if (!user) throw new AppError('UNAUTHENTICATED', 'This API key is not valid or has been revoked.');
      return user;
    },
    setSessionCookie(reply, sid, expires, secure) {
      reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
    },
  };
}
