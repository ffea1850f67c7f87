import { detectObjects, locateForRemoval, type Box } from '../../models/detect';
import { FOUND_SCORE } from '../../models/detect/locate';
import { detectFaces } from '../../models/face';
import { findTextMarksInWorker } from '../../models/text-marks';
import type { WorkerPool } from '../../inference/pool';
import type { Locator } from './locate';

/** The plan's eyes: COCO objects with their masks, text marks and faces, each found in the inference worker. */
export function createDetectionLocator(pool: WorkerPool): Locator {
  return {
    async objects(image, label, select, signal) {
      const found = await locateForRemoval(pool, image, label, select, signal);
      return 'notFound' in found
        ? { mask: null, seen: found.found }
        : { mask: found.mask, count: found.detections.length };
    },
    textMarks: (image, target, signal) => findTextMarksInWorker(pool, image, target, signal),
    faces: (image, signal) => detectFaces(image, pool, signal),
    async subjects(image, signal) {
      const [faces, objects] = await Promise.all([
        detectFaces(image, pool, signal),
        detectObjects(pool, image, signal),
      ]);
      const confident = objects.filter((d) => d.score >= FOUND_SCORE);
      const people = confident.filter((d) => d.label === 'person');
      // A crop may trim a body, never a head: faces first, grown to take in the hair and chin.
      const heads = faces.map((f) => clip(grow(f.box, 0.25, 0.6, 0.2), image.width, image.height));
      const byArea = (a: { box: Box }, b: { box: Box }) => area(b.box) - area(a.box);
      const main = (people.length ? people : confident).sort(byArea).slice(0, 3);
      return [...heads, ...main.map((d) => d.box)];
    },
  };
}

const area = (b: Box) => b.width * b.height;

/** The box grown by fractions of its size: each side, the top, the bottom. */
function grow(box: Box, side: number, top: number, bottom: number): Box {
  return {
    x: box.x - box.width * side,
    y: box.y - box.height * top,
    width: box.width * (1 + 2 * side),
    height: box.height * (1 + top + bottom),
  };
}

function clip(box: Box, width: number, height: number): Box {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.min(width, box.x + box.width) - x,
    height: Math.min(height, box.y + box.height) - y,
  };
}
