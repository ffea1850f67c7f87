/**
 * Where the headshot's frame lies on the photo: the main face, its eye line levelled, and the frame as a
 * rotated rectangle of the photo, mapped to the output by one similarity transform (rotation by the eye
 * line's roll, scale, shift). Pure geometry on the face's landmarks; where the frame goes is composition.ts.
 */
import type { Face, FaceBox } from '../face/types';
import { LANDMARKS } from '../face/landmarks';

export interface Point {
  x: number;
  y: number;
}

/** Output pixel (u, v) samples the photo at centre + R(roll) * ((u, v) - (W/2, H/2)) / scale. */
export interface FrameTransform {
  /** Output size. */
  width: number;
  height: number;
  /** Output pixels per photo pixel. */
  scale: number;
  /** The eye line's angle in the photo, radians (positive: the person's left eye is lower on screen). */
  roll: number;
  /** The photo point at the output's centre. */
  centre: Point;
}

function mean(face: Face, indices: readonly number[]): Point {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += face.mesh[i * 3];
    y += face.mesh[i * 3 + 1];
  }
  return { x: x / indices.length, y: y / indices.length };
}

/** The eye line's angle in the photo (radians), from the person's right eye (left on screen) to the left. */
export function eyeRoll(face: Face): number {
  const right = mean(face, LANDMARKS.rightEye);
  const left = mean(face, LANDMARKS.leftEye);
  return Math.atan2(left.y - right.y, left.x - right.x);
}

/**
 * The face a headshot is made of: the largest, weighted toward the photo's centre (a face at a corner counts
 * as a little over half its size).
 */
export function mainFace(faces: readonly Face[], width: number, height: number): Face | undefined {
  let best: Face | undefined;
  let bestScore = -Infinity;
  for (const face of faces) {
    const cx = face.box.x + face.box.width / 2;
    const cy = face.box.y + face.box.height / 2;
    const off = Math.hypot((cx - width / 2) / width, (cy - height / 2) / height) / Math.SQRT1_2;
    const score = face.box.width * face.box.height * (1 - 0.45 * off);
    if (score > bestScore) {
      bestScore = score;
      best = face;
    }
  }
  return best;
}

/** Photo point -> the levelled frame's axes (rotated by -roll about `origin`). */
export function levelPoint(p: Point, roll: number, origin: Point): Point {
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  const dx = p.x - origin.x;
  const dy = p.y - origin.y;
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** Levelled-frame point -> photo point. */
export function unlevelPoint(p: Point, roll: number, origin: Point): Point {
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  return { x: origin.x + c * p.x - s * p.y, y: origin.y + s * p.x + c * p.y };
}

/** The face's oval in the levelled frame: its extent across and its forehead and chin. */
export interface LevelFace {
  origin: Point;
  roll: number;
  left: number;
  right: number;
  /** The top of the oval (the forehead at the hair line), not the top of the hair. */
  top: number;
  bottom: number;
}

export function levelFace(face: Face): LevelFace {
  const roll = eyeRoll(face);
  const origin = mean(face, [...LANDMARKS.rightEye, ...LANDMARKS.leftEye]);
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const i of LANDMARKS.oval) {
    const p = levelPoint({ x: face.mesh[i * 3], y: face.mesh[i * 3 + 1] }, roll, origin);
    left = Math.min(left, p.x);
    right = Math.max(right, p.x);
    top = Math.min(top, p.y);
    bottom = Math.max(bottom, p.y);
  }
  return { origin, roll, left, right, top, bottom };
}

/**
 * How far the face's outline runs past the photo's edges: the farthest oval landmark outside it, as a share
 * of the face's height (0 when the whole outline is inside).
 */
export function faceOutside(face: Face, photo: { width: number; height: number }): number {
  let past = 0;
  for (const i of LANDMARKS.oval) {
    const x = face.mesh[i * 3];
    const y = face.mesh[i * 3 + 1];
    past = Math.max(past, -x, -y, x - photo.width, y - photo.height);
  }
  return past / Math.max(1, face.box.height);
}

/** Where an output pixel centre falls on the photo. */
export function toPhoto(t: FrameTransform, u: number, v: number): Point {
  const dx = (u - t.width / 2) / t.scale;
  const dy = (v - t.height / 2) / t.scale;
  const c = Math.cos(t.roll);
  const s = Math.sin(t.roll);
  return { x: t.centre.x + c * dx - s * dy, y: t.centre.y + s * dx + c * dy };
}

/** Where a photo point falls on the output. */
export function toOutput(t: FrameTransform, p: Point): Point {
  const dx = p.x - t.centre.x;
  const dy = p.y - t.centre.y;
  const c = Math.cos(t.roll);
  const s = Math.sin(t.roll);
  return { x: t.width / 2 + t.scale * (c * dx + s * dy), y: t.height / 2 + t.scale * (-s * dx + c * dy) };
}

/** The face's landmarks moved onto the output. */
export function faceOnOutput(face: Face, t: FrameTransform): Face {
  return movedFace(face, (x, y) => toOutput(t, { x, y }), t.scale);
}

/** Landmarks found on the frame moved back onto the photo. */
export function faceOnPhoto(face: Face, t: FrameTransform): Face {
  return movedFace(face, (x, y) => toPhoto(t, x, y), 1 / t.scale);
}

/** The face with every landmark moved by `move` (depth scaled by `depthScale`) and its box around them. */
function movedFace(face: Face, move: (x: number, y: number) => Point, depthScale: number): Face {
  const mesh = new Float32Array(face.mesh.length);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < mesh.length; i += 3) {
    const p = move(face.mesh[i], face.mesh[i + 1]);
    mesh[i] = p.x;
    mesh[i + 1] = p.y;
    mesh[i + 2] = face.mesh[i + 2] * depthScale;
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { ...face, mesh, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
}

/** The photo's pixels the frame covers, grown by `margin` of the frame's size, clipped to the photo. */
export function frameBounds(t: FrameTransform, margin: number, width: number, height: number): FaceBox {
  const mx = margin * t.width;
  const my = margin * t.height;
  const corners = [
    toPhoto(t, -mx, -my),
    toPhoto(t, t.width + mx, -my),
    toPhoto(t, -mx, t.height + my),
    toPhoto(t, t.width + mx, t.height + my),
  ];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))));
  const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p.x))));
  const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p.y))));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}
