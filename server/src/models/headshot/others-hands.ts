/**
 * Other people's hands on the subject: a partner's hand on the shoulder, a friend's fist raised in front of the
 * chest. The people matte joins them to the subject, and so does cutting the group apart (isolate.ts): a hand
 * resting on someone belongs to whoever reached it first. Whose hand it is shows in its forearm, which runs
 * from the wrist away from the fingers: into another person's part of the matte; up from a hand below the
 * mouth, as an arm laid over the shoulder from behind does (fingers hanging down the front); or out past the
 * subject's face and not down, as an arm round the shoulders does; or toward another person's elbow, found by
 * the skeleton model even when that person's face is outside the frame. The subject's own raised hands have
 * their forearm running down toward their own elbow.
 */
import { boxMean } from '../guided-filter/guided-filter';
import type { Hand } from '../hands/hand-detector.model';
import type { Face } from '../face/types';
import type { Arm } from './arms';
import { faceOnOutput, toOutput, type FrameTransform, type Point } from './framing';
import { convexHull, distanceToSegment } from './geometry';

/** The forearm is sampled this many hand lengths (wrist to the middle finger's base) from the wrist. */
const FOREARM_SAMPLES = [1, 1.5, 2, 2.5, 3];
/**
 * An arm over the shoulder: the forearm points up at least this much (of its unit direction) from a hand
 * resting on the subject below the mouth (this share of the face's box down); the subject's own hand with its
 * elbow up is behind the head, and the subject's arm laid over someone else's shoulder rests on them.
 */
const UPWARD = 0.5;
const BELOW_MOUTH = 0.7;
/** An arm round the shoulders: the forearm points outward at least this much (of its unit direction)... */
const OUTWARD = 0.5;
/** ...and no more downward than this... */
const MAX_DOWNWARD = 0.35;
/** ...from a wrist beyond this share of the face's width from its centre line, above the chest. */
const BESIDE_FACE = 0.5;
const CHEST_BELOW_CHIN = 1;
/**
 * The forearm's elbow: within this angle (radians) of the forearm's direction, and this many hand lengths
 * from the wrist. Another person's elbow counts only when the subject's is not about as well in line.
 */
const ELBOW_CONE = (35 * Math.PI) / 180;
const ELBOW_REACH = [1.2, 5];
const ELBOW_TIE = (10 * Math.PI) / 180;
/** What is dropped: the hand's landmarks grown by this many hand lengths, and its forearm this wide (radius). */
const HAND_MARGIN = 0.5;
const FOREARM_RADIUS = 0.45;
const FOREARM_LENGTH = 3;
/** A hand the subject's part of the matte holds less of than this share of its box is already gone. */
const MIN_KEPT = 0.2;
/** Hands the two models are less sure of than this are left alone. */
const MIN_SCORE = 0.3;

type Elbow = Point & { subject: boolean };

export interface HandJudgement {
  hand: Hand;
  /** Why it is another person's; undefined for the subject's own hand. */
  others?:
    'forearm-in-someone-else' | 'elbow-of-someone-else' | 'arm-over-the-shoulder' | 'arm-round-the-shoulders';
}

/**
 * Judges each hand the subject's part of the frame holds (`alpha` after the group was cut apart, `label` 1 the
 * subject, 2 someone else, 0 no one; `arms` on the photo) and returns what to drop: a mask of the frame, 1 on
 * other people's hands and forearms.
 */
export function othersHands(
  hands: readonly Hand[],
  frame: FrameTransform,
  main: Face,
  alpha: Uint8Array,
  label: Uint8Array,
  arms: readonly Arm[] = [],
): { drop: Uint8Array; judged: HandJudgement[] } {
  const { width, height } = frame;
  const drop = new Uint8Array(width * height);
  const judged: HandJudgement[] = [];
  const face = faceOnOutput(main, frame).box;
  const centre = face.x + face.width / 2;
  const chin = face.y + face.height;
  const chest = chin + face.height * CHEST_BELOW_CHIN;
  const elbows = arms.flatMap(({ elbow, subject }) =>
    elbow ? [{ ...toOutput(frame, elbow), subject }] : [],
  );
  for (const hand of hands) {
    if (hand.score < MIN_SCORE) continue;
    const points = Array.from({ length: 21 }, (_, k) =>
      toOutput(frame, { x: hand.points[k * 2], y: hand.points[k * 2 + 1] }),
    );
    const wrist = points[0];
    const palm = mean([points[5], points[9], points[13], points[17]]);
    const length = Math.hypot(points[9].x - wrist.x, points[9].y - wrist.y);
    if (length < 2) continue;
    const along = unit({ x: wrist.x - palm.x, y: wrist.y - palm.y });
    const reach = {
      x: wrist.x + along.x * length * FOREARM_LENGTH,
      y: wrist.y + along.y * length * FOREARM_LENGTH,
    };
    const region = handRegion(points, wrist, reach, length, width, height);
    if (keptShare(region, alpha) < MIN_KEPT) continue;
    const othersElbow = elbowOfSomeoneElse(elbows, wrist, along, length);
    const side = Math.sign(wrist.x - centre);
    const labels = FOREARM_SAMPLES.map((t) =>
      labelAt(label, width, height, wrist.x + along.x * length * t, wrist.y + along.y * length * t),
    );
    const others = labels.includes(2)
      ? 'forearm-in-someone-else'
      : othersElbow
        ? 'elbow-of-someone-else'
        : along.y < -UPWARD &&
            palm.y > face.y + BELOW_MOUTH * face.height &&
            restsOnSubject(label, width, height, points, length)
          ? 'arm-over-the-shoulder'
          : along.x * side > OUTWARD &&
              along.y < MAX_DOWNWARD &&
              Math.abs(wrist.x - centre) > BESIDE_FACE * face.width &&
              wrist.y < chest
            ? 'arm-round-the-shoulders'
            : undefined;
    judged.push({ hand, others });
    // The forearm to an elbow found runs where the arm really is, which the hand's own line only guesses.
    const dropped = othersElbow ? handRegion(points, wrist, othersElbow, length, width, height) : region;
    if (others) for (const i of dropped) drop[i] = 1;
  }
  return { drop, judged };
}

/** The elbow best in line with the forearm, when it is someone else's and the subject's is not about as well in line. */
function elbowOfSomeoneElse(
  elbows: readonly Elbow[],
  wrist: Point,
  along: Point,
  length: number,
): Elbow | undefined {
  let best: (Elbow & { angle: number }) | undefined;
  let subjects = Infinity;
  for (const elbow of elbows) {
    const dx = elbow.x - wrist.x;
    const dy = elbow.y - wrist.y;
    const distance = Math.hypot(dx, dy);
    if (distance < ELBOW_REACH[0] * length || distance > ELBOW_REACH[1] * length) continue;
    const angle = Math.acos(Math.max(-1, Math.min(1, (dx * along.x + dy * along.y) / distance)));
    if (angle > ELBOW_CONE) continue;
    if (elbow.subject) subjects = Math.min(subjects, angle);
    if (!best || angle < best.angle) best = { ...elbow, angle };
  }
  return best && !best.subject && subjects > best.angle + ELBOW_TIE ? best : undefined;
}

/** The frame's pixels of the hand (its landmarks' hull, grown) and of its forearm (a capsule from the wrist to `end`). */
function handRegion(
  points: Point[],
  wrist: Point,
  end: Point,
  length: number,
  width: number,
  height: number,
): number[] {
  const hull = convexHull(points);
  const grow = HAND_MARGIN * length;
  const radius = FOREARM_RADIUS * length;
  const xs = [...points.map((p) => p.x), end.x];
  const ys = [...points.map((p) => p.y), end.y];
  const pad = Math.max(grow, radius);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - pad));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs) + pad));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - pad));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys) + pad));
  const region: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p = { x, y };
      if (distanceToPolygon(p, hull) <= grow || distanceToSegment(p, wrist, end) <= radius)
        region.push(y * width + x);
    }
  return region;
}

/**
 * The subject's own part of the matte lies under the hand (below some landmark in the frame): the hand rests
 * on the subject, not on someone the subject holds.
 */
function restsOnSubject(
  label: Uint8Array,
  width: number,
  height: number,
  points: Point[],
  length: number,
): boolean {
  return points.some((p) =>
    [0.5, 1, 1.5].some((t) => labelAt(label, width, height, p.x, p.y + t * length) === 1),
  );
}

function keptShare(region: readonly number[], alpha: Uint8Array): number {
  if (region.length === 0) return 0;
  let kept = 0;
  for (const i of region) if (alpha[i] >= 128) kept++;
  return kept / region.length;
}

function labelAt(label: Uint8Array, width: number, height: number, x: number, y: number): number {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi < 0 || yi < 0 || xi >= width || yi >= height ? 0 : label[yi * width + xi];
}

const mean = (ps: Point[]): Point => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

function unit(v: Point): Point {
  const n = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / n, y: v.y / n };
}

/** 0 inside the convex polygon, else the distance to its nearest edge. */
function distanceToPolygon(p: Point, hull: Point[]): number {
  if (hull.length < 3) return hull.length ? Math.hypot(p.x - hull[0].x, p.y - hull[0].y) : Infinity;
  let inside = true;
  let nearest = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0) inside = false;
    nearest = Math.min(nearest, distanceToSegment(p, a, b));
  }
  return inside ? 0 : nearest;
}

/** Clears `drop`'s pixels from the matte, softened over `radius` pixels as the cut between two people is. */
export function dropFromMatte(
  alpha: Uint8Array,
  drop: Uint8Array,
  width: number,
  height: number,
  radius: number,
): void {
  if (!drop.includes(1)) return;
  const keep = new Float32Array(width * height);
  for (let i = 0; i < keep.length; i++) keep[i] = drop[i] ? 0 : 1;
  const r = Math.max(1, Math.round(radius));
  const soft = boxMean(boxMean(keep, width, height, r), width, height, r);
  for (let i = 0; i < alpha.length; i++) alpha[i] = drop[i] ? 0 : Math.round(alpha[i] * soft[i]);
}
