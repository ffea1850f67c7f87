import type { ProcessRequest, ProcessResponse } from '@common/schemas/process';
import { apiRequest } from '@client/lib/api-client';

/** POST /api/process/:id. It answers when the result is ready; progress comes meanwhile from watchProgress. */
export function processImage(id: string, body: ProcessRequest): Promise<ProcessResponse> {
  return apiRequest<ProcessResponse>(`/api/process/${encodeURIComponent(id)}`, { method: 'POST', body });
}
