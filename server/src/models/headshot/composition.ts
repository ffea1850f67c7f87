/**
 * A photographer's composition of the headshot, on top of the frame's geometry (framing.ts): per output
 * preset, how wide the face is, where the eyes sit (the upper third) and how much room is left above the
 * hair; and where the photo itself ends inside the frame while it cuts the person (hair cut by the photo's
 * top, shoulders by its bottom or side), the frame is moved or tightened until that cut lies on the frame's
 * own edge, so the headshot never shows a straight cut line or a streak of repeated edge pixels.
 */
import type { HeadshotSize } from '@common/schemas/mode-options';
import { toOutput, toPhoto, unlevelPoint, type FrameTransform, type LevelFace, type Point } from './framing';

export interface FramingRule {
  /** The face's width (cheek to cheek) as a share of the frame's width. */
  faceWidth: number;
  /** The head (top of the hair to the chin) fills at most this share of the frame's height. */
  maxHead: number;
  /** The eyes sit this share of the frame's height below its top edge... */
  eyeLine: number;
  /** ...as long as the room above the hair stays within these shares of the height. */
  minHeadroom: number;
  maxHeadroom: number;
}

/** Profile pictures, feeds and prints: the face 43 % of the width, the eyes on the upper third. */
export const STUDIO_RULE: FramingRule = {
  faceWidth: 0.43,
  maxHead: 0.7,
  eyeLine: 1 / 3,
  minHeadroom: 0.08,
  maxHeadroom: 0.14,
};
/** LinkedIn's guidance: the face takes up more of a small square (about 60 % of it with the hair). */
export const LINKEDIN_RULE: FramingRule = {
  ...STUDIO_RULE,
  faceWidth: 0.5,
  maxHead: 0.75,
  minHeadroom: 0.05,
};
/**
 * Passport style (ICAO 9303's 35 x 45 mm): the head, chin to crown, about 75 % of the height (32-36 mm),
 * set by the head's height rather than the face's width, a little room above the crown.
 */
export const PASSPORT_RULE: FramingRule = {
  faceWidth: 1,
  maxHead: 0.75,
  eyeLine: 0.42,
  minHeadroom: 0.07,
  maxHeadroom: 0.12,
};

/** The rule each output size is framed by. */
export const FRAMING_RULES: Record<HeadshotSize, FramingRule> = {
  square: STUDIO_RULE,
  portrait: STUDIO_RULE,
  print: STUDIO_RULE,
  linkedin: LINKEDIN_RULE,
  passport: PASSPORT_RULE,
};

/**
 * The frame for an output of `width` x `height` with the head's top at `headTop` (levelled frame, y from the
 * eyes; negative above them): scaled by the face's width unless the head would be too tall, centred on the
 * face, the eyes on the rule's line unless that leaves too little or too much room above the hair.
 */
export function composeFrame(
  level: LevelFace,
  headTop: number,
  width: number,
  height: number,
  rule: FramingRule = STUDIO_RULE,
): FrameTransform {
  const top = Math.min(headTop, level.top);
  const scale = Math.min(
    (rule.faceWidth * width) / (level.right - level.left),
    (rule.maxHead * height) / (level.bottom - top),
  );
  const cx = (level.left + level.right) / 2;
  // The levelled frame's origin is the eyes' midpoint, so the eye line is y = 0.
  const byEyes = (0.5 - rule.eyeLine) * (height / scale);
  const headroomAt = (cy: number) => 0.5 + ((top - cy) * scale) / height;
  const centreFor = (headroom: number) => top + (0.5 - headroom) * (height / scale);
  const room = headroomAt(byEyes);
  const cy =
    room < rule.minHeadroom
      ? centreFor(rule.minHeadroom)
      : room > rule.maxHeadroom
        ? centreFor(rule.maxHeadroom)
        : byEyes;
  return {
    width,
    height,
    scale,
    roll: level.roll,
    centre: unlevelPoint({ x: cx, y: cy }, level.roll, level.origin),
  };
}

/** Which of the photo's edges cut through the person (hair, head or body reaches them). */
export interface PhotoCuts {
  top: boolean;
  bottom: boolean;
  left: boolean;
  right: boolean;
}

export interface FitLimits {
  /** The frame is tightened at most by this factor... */
  maxTighten: number;
  /** ...and never so far that the chin falls below this share of the height. */
  chinAt: number;
  /** The face may move off the centre line by at most this share of the width. */
  maxShift: number;
}

export const FIT_LIMITS: FitLimits = { maxTighten: 2, chinAt: 0.85, maxShift: 0.04 };

type Side = keyof PhotoCuts;
const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];

/** How far (photo pixels) the frame reaches past the photo's edge on `side`; 0 when it stays inside. */
export function overflow(t: FrameTransform, side: Side, photo: { width: number; height: number }): number {
  const corners = {
    top: [toPhoto(t, 0, 0), toPhoto(t, t.width, 0)],
    bottom: [toPhoto(t, 0, t.height), toPhoto(t, t.width, t.height)],
    left: [toPhoto(t, 0, 0), toPhoto(t, 0, t.height)],
    right: [toPhoto(t, t.width, 0), toPhoto(t, t.width, t.height)],
  }[side];
  const past = (p: Point) =>
    side === 'top'
      ? -p.y
      : side === 'bottom'
        ? p.y - photo.height
        : side === 'left'
          ? -p.x
          : p.x - photo.width;
  return Math.max(0, ...corners.map(past));
}

/** The frame moved over the photo by (du, dv) output pixels: what it showed at (u, v) it shows at (u - du, v - dv). */
function shifted(t: FrameTransform, du: number, dv: number): FrameTransform {
  return { ...t, centre: toPhoto(t, t.width / 2 + du, t.height / 2 + dv) };
}

/** The frame enlarged `k` times about output point (u, v), which keeps showing the same photo point. */
function tightened(t: FrameTransform, k: number, u: number, v: number): FrameTransform {
  const anchor = toPhoto(t, u, v);
  const centre = toPhoto(t, t.width / 2, t.height / 2);
  return {
    ...t,
    scale: t.scale * k,
    centre: { x: anchor.x + (centre.x - anchor.x) / k, y: anchor.y + (centre.y - anchor.y) / k },
  };
}

/** Slack (photo pixels) within which a frame edge counts as on the photo's edge. */
const ON_EDGE = 0.5;

/** The output rows of the composed frame's head top, eye line and chin. */
export interface HeadRows {
  headTop: number;
  eyes: number;
  chin: number;
}

/**
 * The frame moved, then tightened, so that no photo edge that cuts the person lies inside it: hair cut by
 * the photo's top moves the frame down until its top is the photo's (the cut stays at the frame's edge); a
 * side cut moves the face off centre by at most `maxShift`; what still reaches past a cut edge (shoulders
 * past the photo's bottom or side) is tightened about the frame's top centre, at most `maxTighten` times,
 * and never past the chin's room (`rows` are on the composed frame), so the room above the hair stays as the
 * rule set it. Where that cannot fit, the photo is a close-up and the frame may cut the hair too
 * (`closeUp`). A frame that would need more is not tightened at all, and keeps the shifts only while the
 * eyes stay where a close-up's would. Sides that cut nothing are left to the backdrop.
 */
export function fitToPhoto(
  frame: FrameTransform,
  photo: { width: number; height: number },
  cuts: PhotoCuts,
  rows: HeadRows,
  limits: FitLimits = FIT_LIMITS,
): FrameTransform {
  let t = frame;
  const cut = SIDES.filter((side) => cuts[side]);
  if (cut.length === 0) return t;
  // Rotation makes one photo pixel map to a little more than `scale` output pixels along the frame's axes;
  // a couple of rounds settle it.
  for (let round = 0; round < 3; round++) {
    if (cuts.top) t = shifted(t, 0, overflow(t, 'top', photo) * t.scale);
    // Toward the side that cuts, or between two that both do.
    const left = cuts.left ? overflow(t, 'left', photo) : 0;
    const right = cuts.right ? overflow(t, 'right', photo) : 0;
    const want = (cuts.left && cuts.right ? (left - right) / 2 : left - right) * t.scale;
    const room = Math.max(0, limits.maxShift * t.width - Math.abs(sideways(frame, t)));
    if (want !== 0) t = shifted(t, Math.sign(want) * Math.min(room, Math.abs(want)), 0);
  }
  const fits = (f: FrameTransform) => cut.every((side) => overflow(f, side, photo) <= ON_EDGE);
  if (fits(t)) return t;
  const anchorV = cuts.top ? 0 : Math.max(0, rows.headTop);
  const at = (k: number) => tightened(t, k, t.width / 2, anchorV);
  // The chin moves away from the anchor k times; the shifts above moved it up as much as they moved the frame.
  const shiftedChin = movedRow(frame, t, rows.chin);
  const chinRoom = (limits.chinAt * t.height - anchorV) / Math.max(1, shiftedChin - anchorV);
  const maxK = Math.min(limits.maxTighten, chinRoom);
  if (maxK > 1 && fits(at(maxK))) {
    let lo = 1;
    let hi = maxK;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (fits(at(mid))) hi = mid;
      else lo = mid;
    }
    return at(hi);
  }
  const tight =
    closeUp(frame, photo, cuts, rows, limits.chinAt, CLOSE_UP_EYES, limits) ??
    closeUp(frame, photo, cuts, rows, TIGHTEST_CHIN, TIGHTEST_EYES, limits);
  if (tight) return tight;
  // Past the limit the face would be enlarged beyond a headshot: the photo's edge inside the frame fades into
  // the backdrop (warp.ts), and the shifts stay only if they left the eyes where a close-up's may be.
  return movedRow(frame, t, rows.eyes) >= CLOSE_UP_EYES * t.height ? t : frame;
}

/** In a close-up's frame the eyes sit no higher than this share of the height. */
const CLOSE_UP_EYES = 0.22;
/**
 * Where even that leaves a cut inside the frame, the face may fill it: the chin down to this share of the
 * height and the eyes up to this one. A face cropped close reads as a photo; a head fading into the
 * backdrop at a straight line does not.
 */
const TIGHTEST_CHIN = 0.97;
const TIGHTEST_EYES = 0.15;

/**
 * A close-up: the photo holds little more than the head, so no frame that keeps the rule's headroom fits
 * inside its cut edges. The least tightened frame (steps of 2 %, up to `maxTighten`) that does fit, with the
 * chin no lower than `chinAt` and the eyes no higher than `eyesAt` (shares of the height), placed nearest the
 * composed frame; it may cut the top of the hair only where the photo itself cut it. Undefined when none fits.
 */
function closeUp(
  frame: FrameTransform,
  photo: { width: number; height: number },
  cuts: PhotoCuts,
  rows: HeadRows,
  chinAt: number,
  eyesAt: number,
  limits: FitLimits,
): FrameTransform | undefined {
  const { width, height } = frame;
  const cut = SIDES.filter((side) => cuts[side]);
  const middle = (rows.headTop + rows.chin) / 2;
  const sideStep = width / 100;
  for (let k = 1; k <= limits.maxTighten + 1e-9; k += 0.02) {
    const base = tightened(frame, k, width / 2, middle);
    let best: FrameTransform | undefined;
    let bestMove = Infinity;
    for (let dv = -height / 2; dv <= height / 2; dv += 2) {
      for (let du = -limits.maxShift * width; du <= limits.maxShift * width + 1e-9; du += sideStep) {
        const move = Math.abs(du) + Math.abs(dv);
        if (move >= bestMove) continue;
        const t = shifted(base, du, dv);
        if (!cut.every((side) => overflow(t, side, photo) <= ON_EDGE)) continue;
        if (movedRow(frame, t, rows.chin) > chinAt * height) continue;
        if (movedRow(frame, t, rows.eyes) < eyesAt * height) continue;
        if (!cuts.top && movedRow(frame, t, rows.headTop) < 0) continue;
        best = t;
        bestMove = move;
      }
    }
    if (best) return best;
  }
  return undefined;
}

/** Where `from`'s output row `v` (on the centre line) falls on `to`'s output. */
function movedRow(from: FrameTransform, to: FrameTransform, v: number): number {
  return toOutput(to, toPhoto(from, from.width / 2, v)).y;
}
/** How far (output pixels, along the frame's width) `t`'s centre has moved from `frame`'s. */
function sideways(frame: FrameTransform, t: FrameTransform): number {
  const dx = t.centre.x - frame.centre.x;
  const dy = t.centre.y - frame.centre.y;
  return (Math.cos(frame.roll) * dx + Math.sin(frame.roll) * dy) * frame.scale;
}
