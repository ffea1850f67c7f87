import { apiBlob } from '@client/lib/api-client';

/** POST /api/images/:id/detect-watermark: the proposed mask as a PNG (white = mark); no credit. */
export function detectWatermark(id: string): Promise<Blob> {
  return apiBlob(`/api/images/${encodeURIComponent(id)}/detect-watermark`, { method: 'POST' });
}
