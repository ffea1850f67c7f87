import { locateForRemoval } from '../../models/detect';
import { findTextMarksInWorker } from '../../models/text-marks';
import type { WorkerPool } from '../../workers/pool';
import type { Locator } from './locate';

/** The plan's eyes: COCO objects with their masks, and text marks, each found in the inference worker. */
export function createDetectionLocator(pool: WorkerPool): Locator {
  return {
    async objects(image, label, select, signal) {
      const found = await locateForRemoval(pool, image, label, select, signal);
      return 'notFound' in found
        ? { mask: null, seen: found.found }
        : { mask: found.mask, count: found.detections.length };
    },
    textMarks: (image, target, signal) => findTextMarksInWorker(pool, image, target, signal),
  };
}
