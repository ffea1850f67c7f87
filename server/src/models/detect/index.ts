/** Finding the objects an instruction names and masking them for removal. Heavy work runs in the worker. */
export { COCO_LABELS, isCocoLabel, type CocoLabel } from './coco-labels';
export type { Box, Detection } from './types';
export { selectDetections } from './select';
export {
  candidatesFor,
  chooseTargets,
  foundLabels,
  FOUND_SCORE,
  NAMED_SCORE,
  type LocateResult,
} from './locate';
export { detectObjects, locateForRemoval } from './locate-in-worker';
export { objectMask, type ObjectMaskStats } from './object-mask';
export type { DetectObjectsPayload, LocateObjectPayload } from './detect.task';
