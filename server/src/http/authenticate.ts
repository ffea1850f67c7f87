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
  /**
   * Whose credential checked out, whatever it was (token, key or session), or undefined; never throws. The
   * rate limits count by it: a made-up credential must not buy a budget of its own.
   */
  verifiedUser(request: FastifyRequest): Promise<UserRow | undefined>;
  bearerToken(request: FastifyRequest): string | undefined;
  setSessionCookie(reply: FastifyReply, sid: string, expires: Date, secure: boolean): void;
}

/** What the request's credential turned out to be: checked once per request, however often it is asked. */
interface Caller {
  via: 'key' | 'token' | 'session' | 'none';
  user?: UserRow;
}

export function createAuthenticator(auth: AuthService, apiKeys: ApiKeysService): Authenticator {
  const bearerToken = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    return match?.[1];
  };
  const identify = async (request: FastifyRequest): Promise<Caller> => {
    const token = bearerToken(request);
    if (token && looksLikeApiKey(token)) return { via: 'key', user: await apiKeys.userFromKey(token) };
    if (token) return { via: 'token', user: await auth.userFromIdToken(token) };
    const sid = request.cookies[SESSION_COOKIE];
    return sid ? { via: 'session', user: await auth.userFromSession(sid) } : { via: 'none' };
  };
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  const caller = (request: FastifyRequest) => {
    let answer = callers.get(request);
    if (!answer) callers.set(request, (answer = identify(request)));
    return answer;
  };

  const optionalUser = async (request: FastifyRequest) => {
    const { via, user } = await caller(request);
    if (via === 'key')
      throw new AppError(
        'FORBIDDEN',
        'API keys work on the editing calls only; sign in on the website to manage your account.',
      );
    return user;
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
      const { via, user } = await caller(request);
      if (via !== 'key') return requireUser(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'This API key is not valid or has been revoked.');
      return user;
    },
    verifiedUser: (request) =>
      caller(request).then(
        ({ user }) => user,
        () => undefined,
      ),
    setSessionCookie(reply, sid, expires, secure) {
      reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
    },
  };
}
