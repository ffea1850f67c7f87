import type { TaskContext } from '../../inference/task-types';
import { MiganModel } from '../migan/migan.model';
import { type InpaintOptions, type InpaintStats } from './inpaint.model';
import { inpaintWithLearned } from './inpaint-with-learned';

export interface InpaintTaskPayload {
  /** Interleaved 8-bit pixels, transferred (not copied) from the caller. */
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** width*height, 1 = fill. */
  mask: Uint8Array;
  options: Omit<InpaintOptions, 'onProgress'> & {
    /** Combine the fill with MI-GAN's (default true; the benchmark turns it off to compare). */
    learned?: boolean;
  };
}

/** One MI-GAN session per worker thread, loaded on the first fill and kept for the thread's life. */
const migan = new MiganModel(2);

/** Worker task: the local inpainting pipeline on raw pixels, with MI-GAN's fill as its guide. */
export default async function inpaintTask(
  payload: InpaintTaskPayload,
  ctx: TaskContext,
): Promise<{ data: Uint8Array; stats: InpaintStats }> {
  const image = {
    data: payload.data,
    width: payload.width,
    height: payload.height,
    channels: payload.channels,
  };
  const { learned, ...options } = payload.options;
  const result = await inpaintWithLearned(
    image,
    payload.mask,
    { ...options, onProgress: (f, m) => ctx.progress(f, m) },
    learned === false ? null : migan,
  );
  return { data: result.image.data, stats: result.stats };
}
