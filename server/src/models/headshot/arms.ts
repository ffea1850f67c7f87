/**
 * Whose arm is where. The skeleton model finds people's arms even when their faces are outside the
 * headshot's frame. An elbow tells whose a raised hand is better than the hand's own look (the forearm runs
 * from the wrist to its owner's elbow), and an arm's bones tell whose the matte along them is where two people
 * touch. Each skeleton is matched to the face its head lies in; a skeleton with no face of its own (turned
 * away, a face too small to find) is left out, as its arms could be anyone's.
 */
import type { Body } from '../bodies';
import { keypoint, type Keypoint } from '../bodies';
import type { Face } from '../face/types';
import type { Point } from './framing';

export interface Arm {
  /** The subject's own arm, or someone else's. */
  subject: boolean;
  /** The joints the model is sure enough of (photo pixels). */
  shoulder?: Point;
  elbow?: Point;
  wrist?: Point;
}

const HEAD: readonly Keypoint[] = ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar'];
/** Head keypoints the model is less sure of than this do not place the head. */
const MIN_HEAD = 0.3;
/** Joints the model is less sure of than this are not used. */
const MIN_JOINT = 0.2;
/** A head belongs to a face whose box, grown by this share on each side, holds it. */
const FACE_GROWTH = 0.25;

/** The arms of the skeletons whose head is one of `faces`, marked the subject's or not. */
export function armsByOwner(bodies: readonly Body[], main: Face, faces: readonly Face[]): Arm[] {
  const arms: Arm[] = [];
  for (const body of bodies) {
    const head = headOf(body);
    const owner = head && faceHolding(head, faces);
    if (!owner) continue;
    for (const side of ['left', 'right'] as const) {
      const joint = (name: 'Shoulder' | 'Elbow' | 'Wrist') => {
        const { x, y, score } = keypoint(body, `${side}${name}`);
        return score >= MIN_JOINT ? { x, y } : undefined;
      };
      arms.push({
        subject: owner === main,
        shoulder: joint('Shoulder'),
        elbow: joint('Elbow'),
        wrist: joint('Wrist'),
      });
    }
  }
  return arms;
}

function headOf(body: Body): Point | undefined {
  const seen = HEAD.map((name) => keypoint(body, name)).filter((p) => p.score >= MIN_HEAD);
  if (seen.length === 0) return undefined;
  return {
    x: seen.reduce((s, p) => s + p.x, 0) / seen.length,
    y: seen.reduce((s, p) => s + p.y, 0) / seen.length,
  };
}

/** The face whose grown box holds the point, the nearest centre first. */
function faceHolding(p: Point, faces: readonly Face[]): Face | undefined {
  let best: Face | undefined;
  let bestDistance = Infinity;
  for (const face of faces) {
    const { x, y, width, height } = face.box;
    const gx = FACE_GROWTH * width;
    const gy = FACE_GROWTH * height;
    if (p.x < x - gx || p.x > x + width + gx || p.y < y - gy || p.y > y + height + gy) continue;
    const distance = Math.hypot(p.x - (x + width / 2), p.y - (y + height / 2));
    if (distance < bestDistance) {
      best = face;
      bestDistance = distance;
    }
  }
  return best;
}
