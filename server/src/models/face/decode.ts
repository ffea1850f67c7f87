/**
 * BlazeFace (the full-range "back" model Human ships, 256x256) decoding: anchors, boxes, scores, and
 * non-maximum suppression. Output rows are [logit, cx, cy, w, h, 6 x (x, y)] in input pixels, offsets from the
 * row's anchor; 896 rows = 16x16 cells x 2 anchors (stride 16) + 8x8 cells x 6 anchors (stride 32).
 */
import type { FaceBox } from './types';

export const BLAZEFACE_SIZE = 256;
export const ROW_LENGTH = 17;

export interface Candidate {
  box: FaceBox;
  score: number;
}

export function blazefaceAnchors(size = BLAZEFACE_SIZE): Float32Array {
  const spec = [
    { stride: size / 16, count: 2 },
    { stride: size / 8, count: 6 },
  ];
  const out: number[] = [];
  for (const { stride, count } of spec) {
    const cells = Math.ceil(size / stride);
    for (let gy = 0; gy < cells; gy++)
      for (let gx = 0; gx < cells; gx++)
        for (let n = 0; n < count; n++) out.push(stride * (gx + 0.5), stride * (gy + 0.5));
  }
  return Float32Array.from(out);
}

/**
 * Human's converted model answers four tensors: scores 1x512x1 and 1x384x1, boxes 1x512x16 and 1x384x16
 * (the 16x16 and 8x8 grids). Joined into rows of ROW_LENGTH, the 512 grid first, as the anchors are.
 */
export function blazefaceRows(outputs: readonly { shape: number[]; data: Float32Array }[]): Float32Array {
  const find = (count: number, width: number) => {
    const hit = outputs.find((o) => o.shape[1] === count && o.shape[2] === width);
    if (!hit) throw new Error(`blazeface output ${count}x${width} missing`);
    return hit.data;
  };
  const rows = new Float32Array((512 + 384) * ROW_LENGTH);
  let r = 0;
  for (const count of [512, 384]) {
    const scores = find(count, 1);
    const boxes = find(count, 16);
    for (let i = 0; i < count; i++, r++) {
      rows[r * ROW_LENGTH] = scores[i];
      rows.set(boxes.subarray(i * 16, i * 16 + 16), r * ROW_LENGTH + 1);
    }
  }
  return rows;
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/** Rows at or above `minScore`, as boxes in the 256x256 input's pixels. */
export function decodeBlazeface(rows: Float32Array, anchors: Float32Array, minScore: number): Candidate[] {
  const out: Candidate[] = [];
  const count = rows.length / ROW_LENGTH;
  for (let i = 0; i < count; i++) {
    const r = i * ROW_LENGTH;
    const score = sigmoid(rows[r]);
    if (score < minScore) continue;
    const cx = rows[r + 1] + anchors[i * 2];
    const cy = rows[r + 2] + anchors[i * 2 + 1];
    const w = rows[r + 3];
    const h = rows[r + 4];
    if (w <= 0 || h <= 0) continue;
    out.push({ box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h }, score });
  }
  return out;
}

export function iou(a: FaceBox, b: FaceBox): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** The share of `inner`'s area that lies inside `outer`. */
export function containment(inner: FaceBox, outer: FaceBox): number {
  const w = Math.min(inner.x + inner.width, outer.x + outer.width) - Math.max(inner.x, outer.x);
  const h = Math.min(inner.y + inner.height, outer.y + outer.height) - Math.max(inner.y, outer.y);
  const area = inner.width * inner.height;
  return w > 0 && h > 0 && area > 0 ? (w * h) / area : 0;
}

/** Highest score first; drops a box overlapping a kept one by more than `maxIou`. */
export function nonMaxSuppression<T extends Candidate>(candidates: readonly T[], maxIou: number): T[] {
  const kept: T[] = [];
  for (const c of [...candidates].sort((a, b) => b.score - a.score))
    if (kept.every((k) => iou(k.box, c.box) <= maxIou)) kept.push(c);
  return kept;
}

/** Human's crop for the mesh model: the detector box grown by `scale` about its centre, then made square. */
export function meshCrop(box: FaceBox, scale = 1.4): FaceBox {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const side = Math.max(box.width, box.height) * scale;
  return { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
}
