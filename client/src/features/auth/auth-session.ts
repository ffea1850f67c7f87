import type { Auth } from 'firebase/auth';
import type { QueryClient } from '@tanstack/react-query';
import { setTokenProvider } from '@client/lib/api-client';
import { fetchPublicConfig, publicConfigQueryOptions } from '@client/lib/public-config';
import { authKeys } from './api/auth-keys';
import { syncSession } from './api/session';
import { getFirebaseAuth } from './firebase-client';

let queryClientRef: QueryClient | null = null;

/** Resolves once Firebase has restored any persisted user (or to null when auth is unavailable). */
export function authReady(): Promise<Auth | null> {
  return getFirebaseAuth(() =>
    queryClientRef ? queryClientRef.fetchQuery(publicConfigQueryOptions()) : fetchPublicConfig(),
  );
}

/**
 * Wires Firebase to the app once, in the browser: API calls carry the current ID token, and every token
 * change (sign-in, hourly refresh, sign-out, disabled or expired user) re-syncs the server session and
 * refreshes the cached current user.
 */
export function startAuthSession(queryClient: QueryClient): void {
  if (queryClientRef) return;
  queryClientRef = queryClient;
  setTokenProvider(async () => {
    const auth = await authReady();
    return auth?.currentUser ? auth.currentUser.getIdToken() : null;
  });

  void authReady().then(async (auth) => {
    if (!auth) return;
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
  });
}
