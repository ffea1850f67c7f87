/**
 * The pixel work that may run in bands on the helper thread, by name: the helper receives a name and a job,
 * never code. Each function takes (job, from, to) over units (rows, rows of tiles, sides) and writes only the
 * outputs of its own units.
 */
import { fusionMeans, decontaminateRows } from '../guided-filter/foreground-colour';
import { applyGuidedRows } from '../guided-filter/guided-filter';
import { fitTileRows } from '../guided-filter/sparse';
import { contrastAtEdgesRows } from '../isnet/edge-contrast';
import { resizeCornerAlignedRows } from '../isnet/preprocess';

export const bandTasks = {
  resizeCornerAlignedRows,
  contrastAtEdgesRows,
  fitTileRows,
  applyGuidedRows,
  fusionMeans,
  decontaminateRows,
} as const;

export type BandTaskName = keyof typeof bandTasks;

/** The name under which `work` is registered here. */
export function bandTaskName(work: unknown): BandTaskName {
  const entry = Object.entries(bandTasks).find(([, task]) => task === work);
  if (!entry) throw new Error('band work must be one of bandTasks');
  return entry[0] as BandTaskName;
}
