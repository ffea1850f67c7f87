/**
 * Pixel work split between this thread and one helper thread, so the second core works on the JavaScript
 * around a model instead of idling. Both threads take the job's units (rows or rows of tiles) a chunk at a
 * time from a shared counter until none are left: a thread that is busy, or a helper still starting, simply
 * takes fewer. Every array of the job lives in shared memory, so nothing is copied and what the helper writes
 * is seen here.
 */
import os from 'node:os';
import { HelperThread } from '../../lib/helper-thread';
import type { BandRunner } from './band-runner';
import { bandTaskName, bandTasks, type BandTaskName } from './band-tasks';

export interface BandJob {
  task: BandTaskName;
  job: unknown;
  /** The next chunk to take (an Int32Array of one, in shared memory). */
  next: Int32Array;
  count: number;
  chunk: number;
}

/** Takes chunks of `band` until none are left; how many this thread did. */
export function takeChunks(band: BandJob): number {
  const work = bandTasks[band.task] as (job: unknown, from: number, to: number) => void;
  const chunks = Math.ceil(band.count / band.chunk);
  let done = 0;
  for (let i = Atomics.add(band.next, 0, 1); i < chunks; i = Atomics.add(band.next, 0, 1)) {
    work(band.job, i * band.chunk, Math.min(band.count, (i + 1) * band.chunk));
    done++;
  }
  return done;
}

const THREAD = new URL('./bands.thread.ts', import.meta.url);
/** None on a machine with one core: there the bands all run here. */
const helper =
  os.availableParallelism() > 1 ? new HelperThread<BandJob, number>(THREAD, 'pixel bands') : undefined;

/** Throws unless every typed array in `value` (searched through plain objects and arrays) is shared. */
function assertShared(value: unknown): void {
  if (ArrayBuffer.isView(value)) {
    if (!(value.buffer instanceof SharedArrayBuffer)) throw new Error('band jobs hold shared memory only');
  } else if (Array.isArray(value)) {
    value.forEach(assertShared);
  } else if (value && typeof value === 'object') {
    Object.values(value).forEach(assertShared);
  }
}

/**
 * Runs `work` (one of bandTasks) on units 0..count of `job` in chunks of `chunk` units, over this thread and
 * the helper; resolves, once every chunk is done, to how many chunks this thread did.
 */
export async function inBands<Job>(
  work: (job: Job, from: number, to: number) => void,
  job: Job,
  count: number,
  chunk = 1,
): Promise<number> {
  const task = bandTaskName(work);
  const chunks = Math.ceil(count / chunk);
  if (!helper || chunks < 2) {
    work(job, 0, count);
    return chunks;
  }
  assertShared(job);
  const band: BandJob = { task, job, next: new Int32Array(new SharedArrayBuffer(4)), count, chunk };
  const helping = helper.ask(band);
  // Awaited below when the helper took chunks; when it took none (it was still starting) nobody waits for it.
  helping.catch(() => {});
  const here = takeChunks(band);
  if (here < chunks) await helping;
  return here;
}

/** Rows in a chunk of banded row work: small against a photo (both threads finish together), large against a call. */
export const BAND_ROWS = 32;

/** inBands as a BandRunner, in chunks of one unit. */
export const bandRunner: BandRunner = async (work, job, count) => {
  await inBands(work, job, count);
};
