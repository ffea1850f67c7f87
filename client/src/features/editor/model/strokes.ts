import type { Tool } from './brush';

/** A point in image pixels (not screen pixels), so strokes survive zoom and export at full resolution. */
export interface Point {
  x: number;
  y: number;
}

/**
 * One press-drag-release of the brush or the eraser. `width` is in image pixels. A mask proposed by "Find
 * watermark" is one brush stroke too (one history entry, cut by later eraser strokes): it has no points
 * and draws `bitmap`, the proposal at the image's size in the colour asked for.
 */
export interface Stroke {
  tool: Tool;
  width: number;
  points: readonly Point[];
  bitmap?: (color: string) => CanvasImageSource;
}

/** The marks on one working image, oldest first; the eraser's strokes cut the brush's strokes before them. */
export type Strokes = readonly Stroke[];

/** Drops points closer than a fraction of the width to the previous one: smooth lines, far fewer points. */
export function appendPoint(points: readonly Point[], point: Point, width: number): readonly Point[] {
  const last = points[points.length - 1];
  if (last && Math.hypot(point.x - last.x, point.y - last.y) < Math.max(0.5, width / 8)) return points;
  return [...points, point];
}
