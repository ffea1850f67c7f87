import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreatedApiKey } from '@common/schemas/api';
import { apiRequest } from '@client/lib/api-client';

const apiKeysKey = ['api-keys'] as const;

/** GET /api/keys: the signed-in person's keys, newest first. */
export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: () => apiRequest<ApiKeyList>('/api/keys'),
    enabled,
  });
}

/** POST /api/keys: the answer holds the key itself, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedApiKey>('/api/keys', { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/keys/:id. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
