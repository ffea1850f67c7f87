import type { Mode } from '@common/modes';
import type { UploadResponse } from '@common/schemas/process';
import { apiUpload } from '@client/lib/api-client';

/**
 * POST /api/upload: the photo and the mode it is for; the server checks its bytes, size and pixels.
 * `onProgress` hears the share sent so far (0..1).
 */
export function uploadImage(
  file: Blob,
  fileName: string,
  mode: Mode,
  onProgress?: (fraction: number) => void,
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('editingMode', mode);
  form.append('file', file, fileName);
  return apiUpload<UploadResponse>('/api/upload', form, onProgress);
}
