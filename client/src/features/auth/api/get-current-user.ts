import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { apiRequest } from '@client/lib/api-client';
import { isUnauthenticated } from '@client/lib/errors';
import { currentFirebaseUser } from '../auth-session';
import { authKeys } from './auth-keys';

/** GET /api/auth/user. A 401 means "not signed in" (null); any other failure is logged and also gives null. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!(await currentFirebaseUser())) return null;
  try {
    return await apiRequest<CurrentUser>('/api/auth/user');
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    console.error('Failed to fetch user', error);
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: fetchCurrentUser,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
