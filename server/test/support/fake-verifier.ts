import type { TokenVerifier } from '../../src/auth/token-verifier';
import { AppError } from '../../src/lib/errors';

/**
 * Tokens are "uid:email" here, so tests can act as many people at once; real Firebase verification is
 * covered by medium/auth.spec.ts against the emulator.
 */
export const fakeVerifier: TokenVerifier = {
  async verify(token) {
    const [uid, email] = token.split(':');
    if (!email) throw new AppError('UNAUTHENTICATED', 'Your sign-in is not valid. Please sign in again.');
    return { uid, email, name: 'Test Person', picture: null };
  },
};

export const bearer = (uid: string) => ({ authorization: `Bearer ${uid}:${uid}@example.com` });
