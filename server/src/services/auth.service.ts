import { randomBytes } from 'node:crypto';
import type { TokenVerifier } from '../auth/token-verifier';
import type { UserRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** What startSession hands out: 32 random bytes in base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Whether a cookie could be one of our sessions; anything else (a NUL, say) is no session and never queried. */
export function looksLikeSessionId(sid: string | undefined): sid is string {
  return sid !== undefined && SESSION_ID.test(sid);
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  verifier: TokenVerifier;
  users: UserRepository;
  sessions: SessionRepository;
  clock: Clock;
}) {
  const { verifier, users, sessions, clock } = deps;

  /** Verifies the ID token and returns its user, creating the record on first sight. */
  async function userFromIdToken(idToken: string): Promise<UserRow> {
    const identity = await verifier.verify(idToken);
    const existing = await users.getByFirebaseUid(identity.uid);
    if (existing) return existing;
    const [firstName, ...rest] = (identity.name ?? '').trim().split(/\s+/).filter(Boolean);
    const created = await users.createIfMissing({
      firebaseUid: identity.uid,
      email: identity.email,
      firstName: firstName ?? null,
      lastName: rest.length ? rest.join(' ') : null,
      profileImageUrl: identity.picture,
    });
    if (!created) {
      throw new AppError('CONFLICT', 'Another account already uses this e-mail address. Please contact us.');
    }
    return created;
  }

  return {
    userFromIdToken,

    userFromSession: async (sid: string): Promise<UserRow | undefined> =>
      looksLikeSessionId(sid) ? sessions.userOfLive(sid, clock.now()) : undefined,

    /** Token sync: a cookie session for the holder of a valid ID token. */
    async startSession(user: UserRow): Promise<{ sid: string; expires: Date }> {
      const sid = randomBytes(32).toString('base64url');
      const expires = new Date(clock.now().getTime() + SESSION_TTL_MS);
      await sessions.create(sid, { userId: user.id, firebaseUid: user.firebaseUid }, expires);
      return { sid, expires };
    },

    endSession: async (sid: string) => {
      if (looksLikeSessionId(sid)) await sessions.delete(sid);
    },
  };
}
