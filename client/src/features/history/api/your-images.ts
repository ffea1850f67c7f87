import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryPage } from '@common/schemas/images';
import { apiRequest } from '@client/lib/api-client';

const historyKey = ['your-images'] as const;

/** GET /api/images, a page at a time, newest first. */
export function useYourImages() {
  return useInfiniteQuery({
    queryKey: historyKey,
    queryFn: ({ pageParam }) =>
      apiRequest<HistoryPage>(`/api/images${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** DELETE /api/images/:id: the files go for good; the list is read again afterwards. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/images/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey }),
  });
}
