/**
 * From the decoder's four 256x256 mask logits (see decoder-graph.ts) to the photo's selection: which mask,
 * its logits on the part of the grid that covers the photo, the cleaning there, then the photo's own size,
 * thresholded at 0. Logits are kept until the last step so that the outline is interpolated, not a staircase
 * of the 256 grid.
 */
import { connectedComponents } from '../../lib/image/bitmap';
import { SAM_SIDE, toInput, type Box, type InputGeometry, type Tap } from './preprocess';

export const LOW_RES = 256;
const STRIDE = SAM_SIDE / LOW_RES;

/**
 * A single tap is ambiguous (a button, the shirt, the person): of the three masks SAM makes for it, the
 * smallest whose outline is stable and whose predicted IoU is within IOU_MARGIN of the best is taken, since a
 * tap names the thing under the finger and a second tap can always add more. Stable as in SAM's automatic
 * mask generator: moving the threshold from -1 to +1 keeps STABLE_SCORE of the mask.
 */
export const IOU_MARGIN = 0.05;
export const STABLE_SCORE = 0.9;
const STABILITY_OFFSET = 1;

/** Holes smaller than this share of the selection are filled (the coffee in a cup), larger ones kept (a ring). */
export const HOLE_SHARE = 0.1;
/** Logit given to what the cleaning removed or filled: far enough from 0 to move no outline by interpolation. */
const CLEANED_LOGIT = 8;

export interface MaskChoice {
  /** Decoder token: 0 for prompts of several points or a box, 1-3 for a single tap. */
  index: number;
  iou: number;
  stability: number;
  /** Pixels of the 256 grid inside the photo's part with a positive logit. */
  area: number;
}

/** The 256 grid's columns and rows that cover the photo (the rest is the encoder's padding). */
export function lowResExtent(geometry: InputGeometry): { width: number; height: number } {
  return {
    width: Math.min(LOW_RES, Math.ceil(geometry.inputWidth / STRIDE)),
    height: Math.min(LOW_RES, Math.ceil(geometry.inputHeight / STRIDE)),
  };
}

/** Area and SAM's stability score of one 256x256 logit plane, over the photo's part of it. */
export function measureMask(
  masks: Float32Array,
  index: number,
  extent: { width: number; height: number },
): { area: number; stability: number } {
  const base = index * LOW_RES * LOW_RES;
  let area = 0;
  let strict = 0;
  let loose = 0;
  for (let y = 0; y < extent.height; y++) {
    for (let x = 0, i = base + y * LOW_RES; x < extent.width; x++, i++) {
      const v = masks[i];
      if (v > 0) area++;
      if (v > STABILITY_OFFSET) strict++;
      if (v > -STABILITY_OFFSET) loose++;
    }
  }
  return { area, stability: loose ? strict / loose : 0 };
}

/**
 * Token 0 for several points or a box (SAM's advice: the prompt is no longer ambiguous); for a single tap,
 * the rule above among tokens 1-3.
 */
export function chooseMask(
  masks: Float32Array,
  iou: Float32Array,
  geometry: InputGeometry,
  singleTap: boolean,
): MaskChoice {
  const extent = lowResExtent(geometry);
  const describe = (index: number): MaskChoice => ({
    index,
    iou: iou[index],
    ...measureMask(masks, index, extent),
  });
  if (!singleTap) return describe(0);
  const options = [1, 2, 3].map(describe);
  const best = options.reduce((a, b) => (b.iou > a.iou ? b : a));
  const stable = options.filter(
    (o) => o.area > 0 && o.stability >= STABLE_SCORE && o.iou >= best.iou - IOU_MARGIN,
  );
  return stable.length ? stable.reduce((a, b) => (b.area < a.area ? b : a)) : best;
}

/** The chosen mask's logits on the part of the 256 grid that covers the photo (width x height cells). */
export interface LowResPlane {
  logits: Float32Array;
  width: number;
  height: number;
}

/** Token `index`'s plane, cropped to the photo's part of the grid (a copy: the cleaning writes to it). */
export function lowResPlane(masks: Float32Array, index: number, geometry: InputGeometry): LowResPlane {
  const { width, height } = lowResExtent(geometry);
  const logits = new Float32Array(width * height);
  const base = index * LOW_RES * LOW_RES;
  for (let y = 0; y < height; y++)
    logits.set(masks.subarray(base + y * LOW_RES, base + y * LOW_RES + width), y * width);
  return { logits, width, height };
}

/**
 * Keeps the parts under the positive taps (the nearest part within a short reach when a tap falls just
 * outside every part; the largest part meeting the box, or the largest of all, when no tap reaches one), and
 * fills holes smaller than HOLE_SHARE of what is kept unless a removing tap is in them. Works on the 256 grid,
 * the model's own resolution (each cell is 4x4 input pixels; at the photo's size the same parts and holes
 * would cost sixteen times as much or more), writing to the logits so that the outline stays interpolated.
 * Answers the kept area in cells.
 */
export function cleanSelection(
  plane: LowResPlane,
  geometry: InputGeometry,
  prompt: { points: Tap[]; box?: Box },
): number {
  const { logits, width: w, height: h } = plane;
  const on = new Uint8Array(w * h);
  for (let i = 0; i < on.length; i++) on[i] = logits[i] > 0 ? 1 : 0;
  const parts = connectedComponents(on, w, h);
  if (parts.count === 0) return 0;
  const cell = (p: { x: number; y: number }) => {
    const [x, y] = toInput(p.x, p.y, geometry);
    return { x: clamp(Math.floor(x / STRIDE), 0, w - 1), y: clamp(Math.floor(y / STRIDE), 0, h - 1) };
  };
  // 1 % of the photo's width and height together: a finger's width off the object still counts.
  const reach = Math.max(2, Math.round((0.01 * (geometry.inputWidth + geometry.inputHeight)) / STRIDE));
  const keep = new Set<number>();
  for (const tap of prompt.points.filter((p) => p.label === 1)) {
    const label = nearestLabel(parts.labels, w, h, cell(tap), reach);
    if (label) keep.add(label);
  }
  if (keep.size === 0) keep.add(largestPart(parts, prompt.box ? boxIn(prompt.box, geometry) : null));

  let area = 0;
  for (let i = 0; i < on.length; i++) {
    if (!on[i]) continue;
    if (keep.has(parts.labels[i])) area++;
    else {
      on[i] = 0;
      logits[i] = Math.min(logits[i], -CLEANED_LOGIT);
    }
  }
  // Holes: parts of the background that do not reach the border.
  const background = new Uint8Array(w * h);
  for (let i = 0; i < on.length; i++) background[i] = on[i] ? 0 : 1;
  const gaps = connectedComponents(background, w, h);
  const fill = new Set<number>();
  for (let g = 0; g < gaps.count; g++) {
    const b = gaps.boxes[g];
    const enclosed = b.x0 > 0 && b.y0 > 0 && b.x1 < w && b.y1 < h;
    if (enclosed && gaps.sizes[g] <= HOLE_SHARE * area) fill.add(g + 1);
  }
  for (const tap of prompt.points.filter((p) => p.label === 0)) {
    const at = cell(tap);
    fill.delete(gaps.labels[at.y * w + at.x]);
  }
  for (let i = 0; i < on.length; i++) {
    if (!fill.has(gaps.labels[i])) continue;
    logits[i] = Math.max(logits[i], CLEANED_LOGIT);
    area++;
  }
  return area;
}

/**
 * The selection at the photo's size, 1 where selected: the cleaned plane resampled bilinearly with centred
 * pixels (align_corners false, as SAM upsamples its masks) and thresholded at 0. Each output row blends two
 * grid rows once, so a pixel costs one interpolation along the row.
 */
export function photoMask(plane: LowResPlane, geometry: InputGeometry): Uint8Array {
  const { logits, width: sw, height: sh } = plane;
  const { width, height } = geometry;
  const scaleX = geometry.inputWidth / width / STRIDE;
  const scaleY = geometry.inputHeight / height / STRIDE;
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const s = clamp((x + 0.5) * scaleX - 0.5, 0, sw - 1);
    x0[x] = Math.floor(s);
    x1[x] = Math.min(sw - 1, x0[x] + 1);
    fx[x] = s - x0[x];
  }
  const out = new Uint8Array(width * height);
  const row = new Float32Array(sw);
  for (let y = 0; y < height; y++) {
    const s = clamp((y + 0.5) * scaleY - 0.5, 0, sh - 1);
    const r0 = Math.floor(s) * sw;
    const r1 = Math.min(sh - 1, Math.floor(s) + 1) * sw;
    const fy = s - Math.floor(s);
    for (let j = 0; j < sw; j++) row[j] = logits[r0 + j] + (logits[r1 + j] - logits[r0 + j]) * fy;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const a = row[x0[x]];
      if (a + (row[x1[x]] - a) * fx[x] > 0) out[o] = 1;
    }
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The label at `at`, else the nearest labelled pixel within `reach` (0 when there is none). */
function nearestLabel(
  labels: Int32Array,
  w: number,
  h: number,
  at: { x: number; y: number },
  reach: number,
): number {
  if (labels[at.y * w + at.x]) return labels[at.y * w + at.x];
  let best = 0;
  let bestDistance = Infinity;
  for (let y = Math.max(0, at.y - reach); y <= Math.min(h - 1, at.y + reach); y++) {
    for (let x = Math.max(0, at.x - reach); x <= Math.min(w - 1, at.x + reach); x++) {
      const label = labels[y * w + x];
      const d = (x - at.x) ** 2 + (y - at.y) ** 2;
      if (label && d <= reach * reach && d < bestDistance) {
        best = label;
        bestDistance = d;
      }
    }
  }
  return best;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box in cells of the 256 grid. */
function boxIn(box: Box, geometry: InputGeometry): Rect {
  const [x0, y0] = toInput(box.x, box.y, geometry);
  const [x1, y1] = toInput(box.x + box.width, box.y + box.height, geometry);
  return { x0: x0 / STRIDE, y0: y0 / STRIDE, x1: x1 / STRIDE, y1: y1 / STRIDE };
}

/** The largest part whose bounds meet `box` (any part when none does, or without a box). */
function largestPart(parts: ReturnType<typeof connectedComponents>, box: Rect | null): number {
  let best = 0;
  let fallback = 0;
  for (let c = 0; c < parts.count; c++) {
    const b = parts.boxes[c];
    const size = parts.sizes[c];
    if (!fallback || size > parts.sizes[fallback - 1]) fallback = c + 1;
    const meets = !box || (b.x0 <= box.x1 && b.x1 > box.x0 && b.y0 <= box.y1 && b.y1 > box.y0);
    if (meets && (!best || size > parts.sizes[best - 1])) best = c + 1;
  }
  return best || fallback;
}
