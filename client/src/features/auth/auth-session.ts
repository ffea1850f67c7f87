import type { Auth } from 'firebase/auth';
import type { QueryClient } from '@tanstack/react-query';
import { setTokenProvider } from '@client/lib/api-client';
import { fetchPublicConfig, publicConfigQueryOptions } from '@client/lib/public-config';
import { authKeys } from './api/auth-keys';
import { syncSession } from './api/session';
import { getFirebaseAuth } from './firebase-client';
import { mayHavePersistedUser } from './persisted-user';

let queryClientRef: QueryClient | null = null;
let listening: Promise<void> | null = null;

/**
 * Resolves once Firebase is loaded and has restored any persisted user (or to null when auth is unavailable).
 * The first call loads the SDK and starts the token listener.
 */
export async function authReady(): Promise<Auth | null> {
  const auth = await getFirebaseAuth(() =>
    queryClientRef ? queryClientRef.fetchQuery(publicConfigQueryOptions()) : fetchPublicConfig(),
  );
  if (auth && queryClientRef) {
    listening ??= listenToTokenChanges(auth, queryClientRef);
    await listening;
  }
  return auth;
}

/** Starts loading Firebase ahead of a likely sign-in (hover on Sign In, the login dialog), so the popup opens at once. */
export function preloadAuth(): void {
  void authReady();
}

/** The signed-in Firebase user, loading Firebase only when one may be stored. */
export async function currentFirebaseUser() {
  if (!listening && !(await mayHavePersistedUser())) return null;
  return (await authReady())?.currentUser ?? null;
}

/**
 * Every token change (sign-in, hourly refresh, sign-out, disabled or expired user) re-syncs the server session
 * and refreshes the cached current user.
 */
async function listenToTokenChanges(auth: Auth, queryClient: QueryClient): Promise<void> {
  const { onIdTokenChanged } = await import('firebase/auth');
  let lastUid: string | null = auth.currentUser?.uid ?? null;
  let first = true;
  onIdTokenChanged(auth, async (user) => {
    const initial = first;
    first = false;
    if (user) await syncSession(await user.getIdToken());
    else if (lastUid) await syncSession(null);
    const changed = (user?.uid ?? null) !== lastUid;
    lastUid = user?.uid ?? null;
    // The first callback only repeats the restored state the user query already read.
    if (initial && !changed) return;
    if (!user) queryClient.setQueryData(authKeys.user(), null);
    else if (changed) await queryClient.invalidateQueries({ queryKey: authKeys.user() });
  });
}

/** Wires auth into the app once, in the browser: API calls carry the current ID token when someone is signed in. */
export function startAuthSession(queryClient: QueryClient): void {
  if (queryClientRef) return;
  queryClientRef = queryClient;
  setTokenProvider(async () => {
    const user = await currentFirebaseUser();
    return user ? user.getIdToken() : null;
  });
}
