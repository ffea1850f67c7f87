/**
 * Runs `work` on `count` units of a job, all in this thread or split between threads (bands.ts). Each unit
 * writes only its own part of the job's outputs, so the units may run in any order and anywhere.
 */
export type BandRunner = <Job>(
  work: (job: Job, from: number, to: number) => void,
  job: Job,
  count: number,
) => Promise<void>;

/** The BandRunner that does every unit in this thread. */
export const inThisThread: BandRunner = async (work, job, count) => work(job, 0, count);
