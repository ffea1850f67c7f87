import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@common/schemas/auth';
import { apiRequest } from './api-client';

/** Matches the server's default CONTACT_EMAIL; used only when /api/config cannot be reached. */
export const FALLBACK_CONTACT_EMAIL = 'support@cleanupstudio.app';

export const publicConfigKeys = { all: ['config'] as const };

/** GET /api/config. A failure resolves to null: the public pages work without a server, signed out. */
export async function fetchPublicConfig(): Promise<PublicConfig | null> {
  try {
    return await apiRequest<PublicConfig>('/api/config', { token: null });
  } catch (error) {
    console.warn('Could not load the app configuration; continuing signed out.', error);
    return null;
  }
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: publicConfigKeys.all, queryFn: fetchPublicConfig, staleTime: Infinity });

export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicConfigQueryOptions(), enabled });
}
