import type { RawImage } from '../../lib/image/raw-image';
import type { ObjectMaskStats } from './object-mask';
import { selectDetections } from './select';
import type { Detection, ObjectSelector } from './types';

/** A detection at or above this is reported as found: on the test photos every true object but a few
 * crowded people scored 0.3 or more, and the false ones (a 'tie', a 'cup' in a hand) scored under it. */
export const FOUND_SCORE = 0.3;
/** When the person names the object, a weaker detection of that very label is still taken: their words
 * are evidence the detector lacks. */
export const NAMED_SCORE = 0.2;

export type LocateResult =
  | { mask: Uint8Array; detections: Detection[]; methods: ObjectMaskStats['methods'] }
  | { notFound: true; found: string[] };

/** The labels found in a photo, most confident first, each once: "I found a person and a cup". */
export function foundLabels(detections: readonly Detection[]): string[] {
  const labels: string[] = [];
  for (const d of [...detections].sort((a, b) => b.score - a.score)) {
    if (d.score >= FOUND_SCORE && !labels.includes(d.label)) labels.push(d.label);
  }
  return labels;
}

/**
 * The candidates for a named label: the confident ones, or when there are none, the weaker ones the name
 * vouches for.
 */
export function candidatesFor(detections: readonly Detection[], label: string): Detection[] {
  const named = detections.filter((d) => d.label === label);
  const confident = named.filter((d) => d.score >= FOUND_SCORE);
  return confident.length > 0 ? confident : named.filter((d) => d.score >= NAMED_SCORE);
}

/** Pure part of the locate task: which detections the instruction means, or what was found instead. */
export function chooseTargets(
  detections: readonly Detection[],
  label: string,
  selector: ObjectSelector,
  frame: { width: number; height: number } | RawImage,
): Detection[] {
  return selectDetections(candidatesFor(detections, label), label, selector, frame);
}
