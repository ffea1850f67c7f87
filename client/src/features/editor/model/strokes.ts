import type { SelectPoint } from '@common/schemas/select';
import type { Tool } from './brush';

/** A point in image pixels (not screen pixels), so strokes survive zoom and export at full resolution. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A mask the server made (a "Find watermark" proposal, a tap selection), drawn stretched over the whole image.
 * `image` gives it in the colour asked for; its own pixels may be fewer than the image's.
 */
export interface MaskImage {
  /** The image's size in pixels, which the mask covers. */
  readonly width: number;
  readonly height: number;
  image(color: string): CanvasImageSource;
  /** Whether the mask marks this point of the image. */
  covers(point: Point): boolean;
}

/**
 * One press-drag-release of the brush or the eraser. `width` is in image pixels. A mask from the server is one
 * brush stroke too (one history entry, cut by later eraser strokes): it has no points and draws `mask`. A tap
 * selection keeps the taps that made it, so a later tap on the same object sends them all again.
 */
export interface Stroke {
  tool: Tool;
  width: number;
  points: readonly Point[];
  mask?: MaskImage;
  taps?: readonly SelectPoint[];
}

/** The marks on one working image, oldest first; the eraser's strokes cut the brush's strokes before them. */
export type Strokes = readonly Stroke[];

/** Drops points closer than a fraction of the width to the previous one: smooth lines, far fewer points. */
export function appendPoint(points: readonly Point[], point: Point, width: number): readonly Point[] {
  const last = points[points.length - 1];
  if (last && Math.hypot(point.x - last.x, point.y - last.y) < Math.max(0.5, width / 8)) return points;
  return [...points, point];
}
