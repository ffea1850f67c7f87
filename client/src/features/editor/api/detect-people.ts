import { queryOptions } from '@tanstack/react-query';
import type { HeadshotPeopleResponse } from '@common/schemas/people';
import { apiRequest } from '@client/lib/api-client';

/**
 * POST /api/images/:id/detect-people: the faces a headshot of the photo could be of (photo pixels), the one
 * framed without a tap first; no credit. A second or two on a photo with several faces, so asked once per photo.
 */
export function headshotPeopleQueryOptions(imageId: string | null) {
  return queryOptions({
    queryKey: ['images', imageId, 'people'],
    queryFn: ({ signal }) =>
      apiRequest<HeadshotPeopleResponse>(`/api/images/${encodeURIComponent(imageId!)}/detect-people`, {
        method: 'POST',
        signal,
      }),
    enabled: imageId !== null,
    staleTime: Infinity,
    retry: false,
  });
}
