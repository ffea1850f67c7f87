import type { TaskContext } from '../../inference/task-types';
import { removeSameMark } from './same-mark';

export interface SameMarkTaskPayload {
  /** RGB photos, 8-bit interleaved. */
  photos: { data: Uint8Array; width: number; height: number }[];
  hint: { index: number; mask: Uint8Array } | null;
}

export interface SameMarkTaskPhoto {
  /** The cleaned pixels; absent for a photo without the mark (it is left as it was). */
  data?: Uint8Array;
  marked: boolean;
  inverted: number;
  filled: number;
  score: number;
}

/** Worker task: one mark estimated from a batch of photos and taken out of each (same-mark.ts). */
export default function sameMarkTask(payload: SameMarkTaskPayload, ctx: TaskContext): SameMarkTaskPhoto[] {
  const photos = payload.photos.map((p) => ({ ...p, channels: 3 as const }));
  const result = removeSameMark(photos, {
    hint: payload.hint,
    onProgress: (fraction) => ctx.progress(fraction, 'Estimating the watermark from every photo'),
  });
  return result.photos.map((p) => ({
    ...(p.marked ? { data: p.image.data } : {}),
    marked: p.marked,
    inverted: p.inverted,
    filled: p.filled,
    score: p.placement.score,
  }));
}
