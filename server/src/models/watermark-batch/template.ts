import {
  connectedComponents,
  dilate,
  expandBox,
  maskBounds,
  type Bitmap,
  type Box,
} from '../../lib/image/bitmap';
import { magnitudes, type Gradients } from './gradients';
import { integrateGradients } from './poisson';

/**
 * The mark as the batch's median gradients show it, in a box of the frame it was estimated in: its edges
 * (the points a photo is searched with) and its support (edges and the inside of its strokes, where the
 * opacity is estimated).
 */
export interface MarkTemplate extends Gradients {
  /** Where the box lies in the frame the gradients came from. */
  box: Box;
  edges: Bitmap;
  support: Bitmap;
}

/** The median gradient of a mark edge stands this many times above the median's level over the frame. */
const EDGE_OVER_NOISE = 6;
/** ...and above this many levels a pixel whatever the noise (a quiet batch of skies). */
const MIN_EDGE = 1.5;
/** Edge specks smaller than this are chance agreements of a few photos, not a mark. */
const MIN_EDGE_PART = 6;
/** Anti-aliasing and the blur of lossy formats reach this far past a mark's edges. */
const SUPPORT_REACH = 3;
const GAP = 8;
const MIN_GROUP_SHARE = 0.25;
const BOX_PAD = 8;

/**
 * `threshold`: an edge's least gradient; in a box around the mark most pixels may be the mark's, so there the
 * level is taken away from the mark (noiseThreshold's `mark`).
 */
export function markTemplate(
  median: Gradients,
  hint: Bitmap | null = null,
  threshold = noiseThreshold(median),
  minGroupShare = MIN_GROUP_SHARE,
): MarkTemplate | null {
  const { width: w, height: h, gx, gy, channels } = median;
  const magnitude = magnitudes(median);
  const near = hint ? dilate(hint, w, h, 6) : null;
  let edges: Bitmap = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) edges[i] = magnitude[i] > threshold && (!near || near[i]) ? 1 : 0;
  edges = mainParts(dropSpecks(edges, w, h), w, h, minGroupShare);
  const bounds = maskBounds(edges, w, h);
  if (!bounds) return null;
  const box = expandBox(bounds, BOX_PAD + SUPPORT_REACH, w, h);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  /** `from`'s planes (of w * h each) cut to the box, plane after plane. */
  const crop = <T extends Float32Array | Uint8Array>(from: T, out: T): T => {
    for (let p = 0; p < out.length / (bw * bh); p++)
      for (let y = 0; y < bh; y++) {
        const row = p * w * h + (y + box.y0) * w;
        out.set(from.subarray(row + box.x0, row + box.x1), (p * bh + y) * bw);
      }
    return out;
  };
  const cropped: Gradients = {
    gx: crop(gx, new Float32Array(bw * bh * channels)),
    gy: crop(gy, new Float32Array(bw * bh * channels)),
    width: bw,
    height: bh,
    channels,
  };
  const tedges = crop(edges, new Uint8Array(bw * bh));
  return { ...cropped, box, edges: tedges, support: supportOf(cropped, tedges, threshold) };
}

/** The least gradient of an edge: well above the median's level over the frame, or over what `mark` leaves out. */
export function noiseThreshold(median: Gradients, mark: Bitmap | null = null): number {
  const all = magnitudes(median);
  const away = mark ? all.filter((v, i) => !mark[i]) : all;
  return Math.max(MIN_EDGE, EDGE_OVER_NOISE * quantile(away.length ? away : all, 0.5));
}

/** Edges grown over anti-aliasing, with the inside of strokes where the rebuilt mark stands out. */
function supportOf(gradients: Gradients, edges: Bitmap, threshold: number): Bitmap {
  const { width: w, height: h, channels } = gradients;
  const plane = (values: Float32Array, ch: number) => values.subarray(ch * w * h, (ch + 1) * w * h);
  // The mark rebuilt in each channel; its inside stands out from the photos in any one of them.
  const rebuilt = new Float32Array(w * h);
  for (let ch = 0; ch < channels; ch++) {
    const u = integrateGradients(plane(gradients.gx, ch), plane(gradients.gy, ch), w, h);
    for (let i = 0; i < w * h; i++) rebuilt[i] += u[i] * u[i];
  }
  const support = dilate(edges, w, h, SUPPORT_REACH);
  const inside = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) inside[i] = Math.sqrt(rebuilt[i]) > 2 * threshold ? 1 : 0;
  const grown = dilate(inside, w, h, 1);
  for (let i = 0; i < w * h; i++) support[i] |= grown[i];
  fillEnclosed(support, w, h);
  // The box's rim stays photo: the membrane fill under the mark starts from it.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) support[y * w + x] = 0;
  return support;
}

/** Sets what the support encloses (the inside of a logo's outline, whatever its colour against the photos). */
function fillEnclosed(mask: Bitmap, w: number, h: number): void {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
  while (stack.length) {
    const i = stack.pop()!;
    if (outside[i] || mask[i]) continue;
    outside[i] = 1;
    const x = i % w;
    if (x > 0) stack.push(i - 1);
    if (x < w - 1) stack.push(i + 1);
    if (i >= w) stack.push(i - w);
    if (i < w * (h - 1)) stack.push(i + w);
  }
  for (let i = 0; i < w * h; i++) if (!outside[i]) mask[i] = 1;
}

function dropSpecks(mask: Bitmap, w: number, h: number): Bitmap {
  const parts = connectedComponents(mask, w, h);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++)
    if (parts.labels[i] && parts.sizes[parts.labels[i] - 1] >= MIN_EDGE_PART) out[i] = 1;
  return out;
}

/**
 * The mark's edges without the chance agreements scattered over the frame: edges within GAP px of each other
 * form a group, and groups with under a quarter of the largest one's edge pixels are dropped.
 */
function mainParts(edges: Bitmap, w: number, h: number, minShare: number): Bitmap {
  const groups = connectedComponents(dilate(edges, w, h, GAP), w, h);
  const mass = new Array<number>(groups.count + 1).fill(0);
  for (let i = 0; i < w * h; i++) if (edges[i]) mass[groups.labels[i]]++;
  const largest = Math.max(0, ...mass);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (edges[i] && mass[groups.labels[i]] >= minShare * largest) out[i] = 1;
  return out;
}

export function quantile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}
