import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { AppError } from '../lib/errors';

/** What the server keeps of a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export interface TokenVerifier {
  /** Throws AppError('UNAUTHENTICATED') for a missing, forged, expired or revoked token. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export interface FirebaseVerifierOptions {
  projectId: string;
  /** host:port of the Auth emulator, when no Firebase project is configured. */
  emulatorHost?: string;
}

export function createFirebaseTokenVerifier({
  projectId,
  emulatorHost,
}: FirebaseVerifierOptions): TokenVerifier {
  if (emulatorHost) {
    // firebase-admin finds the emulator only through this variable.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }
  const app: App =
    getApps().find((a) => a.name === `verifier-${projectId}`) ??
    initializeApp({ projectId }, `verifier-${projectId}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        // The emulator's tokens are unsigned, so there a token is also checked against the emulator's own
        // accounts (checkRevoked looks the user up): a made-up token for an unknown user is refused.
        const decoded = await auth.verifyIdToken(idToken, Boolean(emulatorHost));
        if (!decoded.email) throw new AppError('UNAUTHENTICATED', 'Your account has no e-mail address.');
        return {
          uid: decoded.uid,
          email: decoded.email.toLowerCase(),
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: decoded.picture ?? null,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          'UNAUTHENTICATED',
          'Your sign-in has expired or is not valid. Please sign in again.',
          {
            cause: String(error),
          },
        );
      }
    },
  };
}
