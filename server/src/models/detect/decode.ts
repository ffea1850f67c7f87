import { COCO_LABELS } from './coco-labels';
import type { Box, Detection } from './types';

/** How a photo was placed in the detector's square: scaled by `scale`, centred with a grey border. */
export interface Letterbox {
  size: number;
  scale: number;
  padX: number;
  padY: number;
  /** The photo's own size, to clamp boxes to. */
  width: number;
  height: number;
}

/** Aspect-preserving fit: squeezing a 3:2 photo into the square cost the cat in chelsea.png its class. */
export function letterbox(width: number, height: number, size: number): Letterbox & { inner: Box } {
  const scale = size / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const padX = Math.floor((size - w) / 2);
  const padY = Math.floor((size - h) / 2);
  return { size, scale, padX, padY, width, height, inner: { x: padX, y: padY, width: w, height: h } };
}

/**
 * CenterNet's `detections` rows are [x1, y1, x2, y2, score, class] in input-square pixels, class 0-based into
 * COCO_LABELS (the same reading as Human's own decoder). Rows under minScore, of an unknown class or with no
 * area left inside the photo are dropped.
 */
export function decodeRows(rows: ArrayLike<number>, geometry: Letterbox, minScore: number): Detection[] {
  const out: Detection[] = [];
  for (let r = 0; r + 6 <= rows.length; r += 6) {
    const score = rows[r + 4];
    const label = COCO_LABELS[Math.round(rows[r + 5])];
    if (!(score >= minScore) || !label) continue;
    const toX = (v: number) => clamp((v - geometry.padX) / geometry.scale, 0, geometry.width);
    const toY = (v: number) => clamp((v - geometry.padY) / geometry.scale, 0, geometry.height);
    const x1 = toX(rows[r]);
    const y1 = toY(rows[r + 1]);
    const x2 = toX(rows[r + 2]);
    const y2 = toY(rows[r + 3]);
    if (x2 - x1 < 1 || y2 - y1 < 1) continue;
    out.push({ label, score, box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } });
  }
  return out;
}

export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

export interface NmsOptions {
  /** Two boxes of one class overlapping more than this are one object. */
  sameClassIou: number;
  /**
   * Boxes of different classes overlapping more than this are one object seen two ways (the cat that is also
   * a 0.28 'dog'); a rider on a horse overlaps less and keeps both.
   */
  crossClassIou: number;
}

/** Greedy non-maximum suppression, highest score first; returns the kept detections in that order. */
export function nonMaxSuppression(detections: readonly Detection[], options: NmsOptions): Detection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted) {
    const clash = kept.some((k) => {
      const overlap = iou(k.box, d.box);
      return overlap > (k.label === d.label ? options.sameClassIou : options.crossClassIou);
    });
    if (!clash) kept.push(d);
  }
  return kept;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
