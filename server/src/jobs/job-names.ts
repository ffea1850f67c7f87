import type { Mode } from '@common/modes';
import type { Plan } from '@common/plans';
import type { Brush, StepSummary } from '@common/schemas/process';

/** Everything a processing job needs, by storage key and plain values, so it can cross to another process. */
export interface ProcessImageJob {
  imageId: string;
  userId: string;
  mode: Mode;
  plan: Plan;
  /** The picture to edit: the original, or an earlier result in iterative editing. */
  workingKey: string;
  originalKey: string;
  maskKey: string | null;
  brush: Brush;
  prompt: string | null;
  options: Record<string, unknown>;
  /** When the row moved to processing (ISO): settlement applies only to this processing, and only once. */
  startedAt: string;
  /** When the credit was taken (ISO), for its refund. */
  creditTakenAt: string;
}

export interface ProcessImageResult {
  resultKey: string;
  mime: string;
  /** The result's size in pixels, so the client can lay it out before it has loaded. */
  width: number;
  height: number;
  providerId: string;
  note?: string;
  /** Chat to Edit: what was done, in order. */
  steps?: StepSummary[];
}

/** Job name -> [data, result]. A new job is a new line here, and the compiler finds every handler table. */
export interface JobMap {
  'process-image': [ProcessImageJob, ProcessImageResult];
}

export type JobName = keyof JobMap;
export type JobData<N extends JobName> = JobMap[N][0];
export type JobResult<N extends JobName> = JobMap[N][1];
