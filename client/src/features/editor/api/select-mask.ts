import type { SelectBox, SelectPoint } from '@common/schemas/select';
import { apiBlob } from '@client/lib/api-client';

/**
 * POST /api/images/:id/select: the object under the taps (x, y in the photo's pixels; label 1 adds, 0 removes)
 * as a PNG at the photo's size, white = selected; no credit. The first call on a photo takes about two seconds,
 * the next ones a fraction of a second. `signal` drops an answer a newer tap has made useless.
 */
export function selectMask(
  imageId: string,
  points: SelectPoint[],
  box?: SelectBox,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiBlob(`/api/images/${encodeURIComponent(imageId)}/select`, {
    method: 'POST',
    body: box ? { points, box } : { points },
    signal,
  });
}
