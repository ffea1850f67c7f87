import type { Auth } from 'firebase/auth';
import type { PublicConfig } from '@common/schemas/auth';

let authPromise: Promise<Auth | null> | null = null;

async function init(config: PublicConfig): Promise<Auth> {
  // Firebase is a separate chunk so the public pages render before it arrives.
  const [{ initializeApp }, { getAuth, connectAuthEmulator }] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app = initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  await auth.authStateReady();
  return auth;
}

/**
 * The Firebase Auth instance, ready (persisted user restored), or null when the server gave no usable
 * configuration. Started once; every caller shares the same promise.
 */
export function getFirebaseAuth(loadConfig: () => Promise<PublicConfig | null>): Promise<Auth | null> {
  authPromise ??= loadConfig().then(async (config) => {
    if (!config) return null;
    try {
      return await init(config);
    } catch (error) {
      console.error('Firebase Auth could not start; continuing signed out.', error);
      return null;
    }
  });
  return authPromise;
}
