/**
 * Where another person's hand or forearm lay in front of the subject, dropping it opens a hole in the person
 * onto the backdrop. The part of what is dropped that lies inside the subject's outline is theirs to fill
 * with their own clothing instead. The outline below the chin is taken as the convex hull of the subject's
 * remaining matte there: a torso with its shoulders and arms is close to convex, and a hand laid on a shoulder's
 * edge or an arm across the chest falls inside it, while a hand held out beside the subject does not.
 */
import { fillPolygon } from '../face/regions';
import { convexHull } from './geometry';
import type { Point } from './framing';

/** Matte at least this solid is the subject's body. */
const SOLID = 128;

/**
 * The pixels of `drop` (1 = another person's) inside the subject's outline below `chinRow`: `label` 1 marks
 * the subject, `alpha` the matte before the drop.
 */
export function insideTheBody(
  drop: Uint8Array,
  alpha: Uint8Array,
  label: Uint8Array,
  width: number,
  height: number,
  chinRow: number,
): Uint8Array {
  const inside = new Uint8Array(width * height);
  const top = Math.max(0, Math.ceil(chinRow));
  const edges: Point[] = [];
  for (let y = top; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (label[i] !== 1 || alpha[i] < SOLID || drop[i]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    for (const x of [first, last + 1]) edges.push({ x, y }, { x, y: y + 1 });
  }
  if (edges.length < 8) return inside;
  const hull = new Float32Array(width * height);
  fillPolygon(hull, { x: 0, y: 0, width, height }, convexHull(edges));
  for (let i = top * width; i < inside.length; i++) if (drop[i] && hull[i]) inside[i] = 1;
  return inside;
}
