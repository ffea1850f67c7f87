import { EmbeddingCache } from './embedding-cache';
import { SamModel } from './sam.model';
import { runSelect, type SelectTaskPayload, type SelectTaskResult } from './select';

/** One model and one cache per worker thread, for the thread's life; taps go to a pool of one thread. */
const model = new SamModel(2);
const cache = new EmbeddingCache(4);

/** Worker task `select-object`: a tap selection, or the warm-up that caches a photo's embedding. */
export default function selectObjectTask(payload: SelectTaskPayload): Promise<SelectTaskResult> {
  return runSelect(payload, model, cache);
}
