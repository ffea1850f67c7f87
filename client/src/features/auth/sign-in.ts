import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { authReady } from './auth-session';
import { authKeys } from './api/auth-keys';
import { syncSession } from './api/session';

// One sign-in at a time for the whole app: the header and the login dialog both show it and disable their buttons.
let signingIn = false;
const listeners = new Set<() => void>();

function setSigningIn(value: boolean) {
  signingIn = value;
  listeners.forEach((listener) => listener());
}

export function useIsSigningIn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signingIn,
    () => false,
  );
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Google sign-in in a popup with the account chooser always shown. Resolves true when signed in, false when
 * the person closed the popup or the browser blocked it (already told with a toast); other errors are logged
 * and re-thrown for the caller's own toast.
 */
export async function signInWithGoogle(queryClient: QueryClient): Promise<boolean> {
  if (signingIn) return false;
  setSigningIn(true);
  try {
    const auth = await authReady();
    if (!auth) throw new Error('Sign-in is unavailable: the server could not be reached.');
    const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    // The token listener of auth-session syncs the server session; here only the user record is awaited.
    await signInWithPopup(auth, provider);
    await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'auth/popup-blocked') {
      toast({ variant: 'destructive', title: 'Please allow popups for this site to sign in' });
      return false;
    }
    if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') {
      console.info('Sign-in popup closed before finishing');
      return false;
    }
    console.error('Sign-in failed', error);
    throw error;
  } finally {
    setSigningIn(false);
  }
}

export async function signOutEverywhere(queryClient: QueryClient): Promise<void> {
  const auth = await authReady();
  if (auth) {
    // The token listener ends the server session when Firebase reports the sign-out.
    const { signOut } = await import('firebase/auth');
    await signOut(auth);
  } else {
    await syncSession(null);
  }
  queryClient.setQueryData(authKeys.user(), null);
}
