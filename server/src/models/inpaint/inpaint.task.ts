import type { TaskContext } from '../../workers/task-types';
import { inpaintImage, type InpaintOptions, type InpaintStats } from './inpaint.model';

export interface InpaintTaskPayload {
  /** Interleaved 8-bit pixels, transferred (not copied) from the caller. */
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** width*height, 1 = fill. */
  mask: Uint8Array;
  options: Omit<InpaintOptions, 'onProgress'>;
}

/** Worker task: the local inpainting pipeline on raw pixels. */
export default function inpaintTask(
  payload: InpaintTaskPayload,
  ctx: TaskContext,
): { data: Uint8Array; stats: InpaintStats } {
  const { image, stats } = inpaintImage(
    { data: payload.data, width: payload.width, height: payload.height, channels: payload.channels },
    payload.mask,
    { ...payload.options, onProgress: (f, m) => ctx.progress(f, m) },
  );
  return { data: image.data, stats };
}
