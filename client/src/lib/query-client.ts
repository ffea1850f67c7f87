import { QueryClient } from '@tanstack/react-query';

/** The spec's query client: no retries, no refetch on focus, data never goes stale by itself, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
