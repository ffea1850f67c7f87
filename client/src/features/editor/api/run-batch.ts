import type { BatchEvent, BatchRequest } from '@common/schemas/batch';
import { apiLines } from '@client/lib/api-client';

/**
 * POST /api/batches: refused as a whole (for example not enough credits) before anything runs, else each
 * photo's progress, result or failure reaches `onEvent` as it happens.
 */
export function runBatch(body: BatchRequest, onEvent: (event: BatchEvent) => void): Promise<void> {
  return apiLines<BatchEvent>('/api/batches', body, onEvent);
}
