/** Small helpers the face and colour operations share: soft thresholds, boxes round outlines, polygon masks. */
import type { FaceBox } from '../../../models/face';
import { fillPolygon } from '../../../models/face/regions';

export type Point = { x: number; y: number };

/** 0 below `lo`, 1 above `hi`, a smooth S between: a threshold without a visible edge. */
export function smoothstep(lo: number, hi: number, v: number): number {
  const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/** The integer pixel box holding the points, grown by `margin`, clipped to the image. */
export function boundsOf(points: readonly Point[], width: number, height: number, margin = 0): FaceBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  const left = Math.max(0, Math.floor(x0 - margin));
  const top = Math.max(0, Math.floor(y0 - margin));
  const right = Math.min(width, Math.ceil(x1 + margin) + 1);
  const bottom = Math.min(height, Math.ceil(y1 + margin) + 1);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** 1 inside the polygons, 0 outside, over `box`. */
export function polygonMask(box: FaceBox, ...polygons: readonly Point[][]): Float32Array {
  const mask = new Float32Array(box.width * box.height);
  for (const polygon of polygons) fillPolygon(mask, box, polygon);
  return mask;
}

/** The 0/1 mask grown by `r` pixels (a square): to take in a blob's soft rim. */
export function grown(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++)
        out.fill(1, yy * width + Math.max(0, x - r), yy * width + Math.min(width - 1, x + r) + 1);
    }
  return out;
}

/** The 0/1 mask with every hole filled: whatever the border cannot reach without crossing it. */
export function withHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  const visit = (p: number) => {
    if (!mask[p] && !outside[p]) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) [x, (height - 1) * width + x].forEach(visit);
  for (let y = 0; y < height; y++) [y * width, y * width + width - 1].forEach(visit);
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < width * (height - 1)) visit(p + width);
  }
  return outside.map((v) => 1 - v);
}

/** Square dilation of a 0/1 mask by `r` (any 1 within r pixels, each way): separable running counts. */
export function dilateSquare(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  return columns(rows(mask, width, height, r, false), width, height, r, false);
}

/** Square erosion of a 0/1 mask by `r` (all 1 within r pixels); the image's edge does not erode. */
export function erodeSquare(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  return columns(rows(mask, width, height, r, true), width, height, r, true);
}

/** Along each row, the count of ones within r of each pixel: any (dilation) or all of them (erosion). */
function rows(mask: Uint8Array, width: number, height: number, r: number, all: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  const prefix = new Int32Array(width + 1);
  for (let start = 0; start < mask.length; start += width) {
    for (let x = 0; x < width; x++) prefix[x + 1] = prefix[x] + mask[start + x];
    for (let x = 0; x < width; x++) {
      const lo = x > r ? x - r : 0;
      const hi = x + r + 1 < width ? x + r + 1 : width;
      const ones = prefix[hi] - prefix[lo];
      out[start + x] = all ? (ones === hi - lo ? 1 : 0) : ones > 0 ? 1 : 0;
    }
  }
  return out;
}

/** The same down each column, a row at a time with a count per column, so memory is read in order. */
function columns(mask: Uint8Array, width: number, height: number, r: number, all: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  const counts = new Int32Array(width);
  for (let y = 0; y < Math.min(r, height); y++)
    for (let x = 0, i = y * width; x < width; x++, i++) counts[x] += mask[i];
  for (let y = 0; y < height; y++) {
    if (y + r < height) for (let x = 0, i = (y + r) * width; x < width; x++, i++) counts[x] += mask[i];
    if (y > r) for (let x = 0, i = (y - r - 1) * width; x < width; x++, i++) counts[x] -= mask[i];
    const full = Math.min(y + r, height - 1) - Math.max(y - r, 0) + 1;
    const row = y * width;
    if (all) for (let x = 0; x < width; x++) out[row + x] = counts[x] === full ? 1 : 0;
    else for (let x = 0; x < width; x++) out[row + x] = counts[x] > 0 ? 1 : 0;
  }
  return out;
}

/** The mean of each f x f block of a 0/1 mask (blocks at the right and bottom edges may be partial). */
export function poolMean(mask: Uint8Array, width: number, height: number, f: number): Float32Array {
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const sums = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = ((y / f) | 0) * w;
    for (let x = 0, i = y * width; x < width; x++, i++) sums[row + ((x / f) | 0)] += mask[i];
  }
  for (let by = 0; by < h; by++)
    for (let bx = 0; bx < w; bx++) {
      const area = Math.min(f, width - bx * f) * Math.min(f, height - by * f);
      sums[by * w + bx] /= area;
    }
  return sums;
}

/** A plane of f x f blocks (as poolMean makes) back at width x height, bilinear between block centres. */
export function upsample(
  plane: Float32Array,
  w: number,
  h: number,
  f: number,
  width: number,
  height: number,
) {
  const out = new Float32Array(width * height);
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const tx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const s = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
    x0[x] = Math.floor(s);
    x1[x] = Math.min(w - 1, x0[x] + 1);
    tx[x] = s - x0[x];
  }
  for (let y = 0; y < height; y++) {
    const s = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const r0 = Math.floor(s) * w;
    const r1 = Math.min(h - 1, Math.floor(s) + 1) * w;
    const ty = s - Math.floor(s);
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const top = plane[r0 + x0[x]] + tx[x] * (plane[r0 + x1[x]] - plane[r0 + x0[x]]);
      const bottom = plane[r1 + x0[x]] + tx[x] * (plane[r1 + x1[x]] - plane[r1 + x0[x]]);
      out[o] = top + ty * (bottom - top);
    }
  }
  return out;
}
