import type { Mode } from '@common/modes';
import type { UploadResponse } from '@common/schemas/process';
import { apiRequest } from '@client/lib/api-client';

/** POST /api/upload: the photo and the mode it is for; the server checks its bytes, size and pixels. */
export function uploadImage(file: Blob, fileName: string, mode: Mode): Promise<UploadResponse> {
  const form = new FormData();
  form.append('editingMode', mode);
  form.append('file', file, fileName);
  return apiRequest<UploadResponse>('/api/upload', { method: 'POST', body: form });
}
