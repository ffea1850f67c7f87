import { MAX_SELECT_POINTS, type SelectPoint } from '@common/schemas/select';
import type { Point, Stroke, Strokes } from './strokes';

/** 1 adds what is under the tap, 0 takes it away (shift-tap or a long press). */
export type TapLabel = SelectPoint['label'];

/** What one tap asks the server for. */
export interface TapRequest {
  /** The selection the tap refines (replaced by the answer), or null: the answer is a new selection. */
  target: Stroke | null;
  /** Every tap on that object so far and this one, so the segmenter sees them together. */
  taps: SelectPoint[];
}

/**
 * Where a tap goes. A tap on an object already selected refines that selection; an adding tap anywhere else
 * selects a new object, kept beside the others. A removing tap refines the selection under it, else the
 * newest one; with nothing selected yet there is nothing to take away (null).
 */
export function tapRequest(
  strokes: Strokes,
  point: Point,
  label: TapLabel,
  size: { width: number; height: number },
): TapRequest | null {
  const tap: SelectPoint = {
    x: clamp(Math.round(point.x), 0, size.width - 1),
    y: clamp(Math.round(point.y), 0, size.height - 1),
    label,
  };
  const selections = strokes.filter((s) => s.mask && s.taps?.length);
  const under = selections.findLast((s) => s.mask!.covers(tap)) ?? null;
  const target = under ?? (label === 0 ? (selections.at(-1) ?? null) : null);
  if (label === 0 && !target) return null;
  return { target, taps: withTap(target?.taps ?? [], tap) };
}

/**
 * The taps with one more, within the server's limit: the oldest go first, but the selection keeps at least
 * one adding tap (the server needs one), so a run of removing taps drops the oldest of those instead.
 */
export function withTap(taps: readonly SelectPoint[], tap: SelectPoint): SelectPoint[] {
  const all = [...taps, tap];
  while (all.length > MAX_SELECT_POINTS) {
    const firstAdd = all.findIndex((t) => t.label === 1);
    const onlyAdd = firstAdd >= 0 && all.findIndex((t, i) => t.label === 1 && i !== firstAdd) < 0;
    all.splice(onlyAdd && firstAdd === 0 ? 1 : 0, 1);
  }
  return all;
}

/** The strokes with `previous` replaced by `next` in its place (later eraser strokes still cut it), or added. */
export function replaceStroke(strokes: Strokes, previous: Stroke | null, next: Stroke): Strokes {
  const index = previous ? strokes.indexOf(previous) : -1;
  return index >= 0 ? strokes.with(index, next) : [...strokes, next];
}

/** The taps of every tap selection, for the markers on the photo. */
export function tapsOf(strokes: Strokes): SelectPoint[] {
  return strokes.flatMap((s) => s.taps ?? []);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
