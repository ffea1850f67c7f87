import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from './api/get-current-user';
import { signInWithGoogle, signOutEverywhere, useIsSigningIn } from './sign-in';

/** A person is authenticated when the current-user query returns a record. */
export function useAuth() {
  const queryClient = useQueryClient();
  const { data, isPending } = useCurrentUser();
  const isSigningIn = useIsSigningIn();
  const signIn = useCallback(() => signInWithGoogle(queryClient), [queryClient]);
  const signOut = useCallback(() => signOutEverywhere(queryClient), [queryClient]);
  return { user: data ?? null, isLoading: isPending, isAuthenticated: !!data, isSigningIn, signIn, signOut };
}
