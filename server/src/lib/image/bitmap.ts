/**
 * The bits of a mask (lib/image/mask's Mask), width*height with 1 = area to fill, 0 = keep. Every function is pure
 * and allocation-light so it can run on 4-megapixel images inside a worker.
 */
export type Bitmap = Uint8Array;

export interface Box {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
}

export function countMask(mask: Bitmap): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i];
  return count;
}

/**
 * Chamfer (3-4) distance, divided by 3, from every pixel of `mask` to the nearest pixel outside it;
 * 0 outside the mask. Image borders count as outside only when `borderIsOutside`.
 */
export function distanceInside(
  mask: Bitmap,
  width: number,
  height: number,
  borderIsOutside = false,
): Float32Array {
  const d = new Float32Array(width * height);
  const b = maskBounds(mask, width, height);
  if (!b) return d;
  const part = chamferInside(mask, width, height, b, borderIsOutside);
  const bw = b.x1 - b.x0;
  for (let y = b.y0; y < b.y1; y++)
    d.set(part.subarray((y - b.y0) * bw, (y - b.y0 + 1) * bw), y * width + b.x0);
  return d;
}

/** Bounding box of the set pixels, or null when there are none. */
export function maskBounds(mask: Bitmap, width: number, height: number): Box | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
    if (y < y0) y0 = y;
    y1 = y;
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/**
 * Integer chamfer inside box `b` on a padded grid, so the two raster passes need no bounds checks.
 * Padding cells are outside the mask (0) unless they lie beyond the image and the border is not outside.
 */
function chamferInside(
  mask: Bitmap,
  width: number,
  height: number,
  b: Box,
  borderIsOutside: boolean,
): Float32Array {
  const BIG = 1 << 29;
  const bw = b.x1 - b.x0;
  const bh = b.y1 - b.y0;
  const W = bw + 2;
  const g = new Int32Array(W * (bh + 2));
  const edge = borderIsOutside ? 0 : BIG;
  for (let x = 0; x < W; x++) {
    if (b.y0 === 0) g[x] = edge;
    if (b.y1 === height) g[(bh + 1) * W + x] = edge;
  }
  for (let y = 0; y < bh + 2; y++) {
    if (b.x0 === 0) g[y * W] = edge;
    if (b.x1 === width) g[y * W + bw + 1] = edge;
  }
  for (let y = 0; y < bh; y++) {
    const row = (y + 1) * W + 1;
    const src = (b.y0 + y) * width + b.x0;
    for (let x = 0; x < bw; x++) g[row + x] = mask[src + x] ? BIG : 0;
  }
  const height2 = bh;
  const width2 = bw;
  for (let y = 1; y <= height2; y++) {
    for (let i = y * W + 1, end = i + width2; i < end; i++) {
      let v = g[i];
      if (v === 0) continue;
      let u = g[i - 1] + 3;
      if (u < v) v = u;
      u = g[i - W] + 3;
      if (u < v) v = u;
      u = g[i - W - 1] + 4;
      if (u < v) v = u;
      u = g[i - W + 1] + 4;
      if (u < v) v = u;
      g[i] = v;
    }
  }
  for (let y = height2; y >= 1; y--) {
    for (let i = y * W + width2, end = y * W; i > end; i--) {
      let v = g[i];
      if (v === 0) continue;
      let u = g[i + 1] + 3;
      if (u < v) v = u;
      u = g[i + W] + 3;
      if (u < v) v = u;
      u = g[i + W + 1] + 4;
      if (u < v) v = u;
      u = g[i + W - 1] + 4;
      if (u < v) v = u;
      g[i] = v;
    }
  }
  const d = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    const row = (y + 1) * W + 1;
    for (let x = 0; x < bw; x++) {
      const v = g[row + x];
      d[y * bw + x] = v >= BIG - 16 ? 1e6 : v / 3;
    }
  }
  return d;
}

/**
 * Distance from every pixel to the nearest mask pixel (0 inside), exact up to `limit`; pixels farther
 * than `limit` from the mask's bounding box get 1e6. The limit keeps dilation cost proportional to the mask.
 */
export function distanceOutside(mask: Bitmap, width: number, height: number, limit = Infinity): Float32Array {
  const out = new Float32Array(width * height).fill(1e6);
  const b = maskBounds(mask, width, height);
  if (!b) return out;
  const pad = Number.isFinite(limit) ? Math.ceil(limit) + 2 : Math.max(width, height);
  const e = expandBox(b, pad, width, height);
  const ew = e.x1 - e.x0;
  const inv = new Uint8Array(ew * (e.y1 - e.y0));
  for (let y = e.y0; y < e.y1; y++) {
    for (let x = e.x0; x < e.x1; x++) inv[(y - e.y0) * ew + x - e.x0] = mask[y * width + x] ? 0 : 1;
  }
  const d = chamferInside(inv, ew, e.y1 - e.y0, { x0: 0, y0: 0, x1: ew, y1: e.y1 - e.y0 }, false);
  for (let y = e.y0; y < e.y1; y++)
    out.set(d.subarray((y - e.y0) * ew, (y - e.y0 + 1) * ew), y * width + e.x0);
  return out;
}

/** Grows the mask by `radius` pixels (chamfer distance, close to Euclidean). */
export function dilate(mask: Bitmap, width: number, height: number, radius: number): Bitmap {
  if (radius <= 0) return mask.slice();
  if (radius <= 4) return stampDilate(mask, width, height, radius);
  const d = distanceOutside(mask, width, height, radius);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = d[i] <= radius ? 1 : 0;
  return out;
}

/**
 * Small radii: stamp a disc on every edge pixel of the mask, so the cost follows the mask's outline
 * rather than the area of its bounding box (masks spread over a whole photo).
 */
function stampDilate(mask: Bitmap, width: number, height: number, radius: number): Bitmap {
  const out = mask.slice();
  const r = Math.floor(radius);
  const r2 = radius * radius;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (!mask[i]) continue;
      const edge =
        (x > 0 && !mask[i - 1]) ||
        (x < width - 1 && !mask[i + 1]) ||
        (y > 0 && !mask[i - width]) ||
        (y < height - 1 && !mask[i + width]);
      if (!edge) continue;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || dx * dx + dy * dy > r2) continue;
          out[yy * width + xx] = 1;
        }
      }
    }
  }
  return out;
}

export interface Components {
  /** 0 = background, 1..count = component id. */
  labels: Int32Array;
  count: number;
  boxes: Box[];
  sizes: number[];
}

/** 8-connected components, by a scanline flood fill on an explicit stack (no recursion, no per-pixel objects). */
export function connectedComponents(mask: Bitmap, width: number, height: number): Components {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: Box[] = [];
  const sizes: number[] = [];
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const id = ++count;
    let top = 0;
    stack[top++] = start;
    labels[start] = id;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let size = 0;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      size++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !labels[q]) {
            labels[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    boxes.push({ x0, y0, x1: x1 + 1, y1: y1 + 1 });
    sizes.push(size);
  }
  return { labels, count, boxes, sizes };
}

/** Feather weights: 1 inside `core`, falling linearly to 0 across the `ring` pixels around it. */
export function featherWeights(
  core: Bitmap,
  grown: Bitmap,
  width: number,
  height: number,
  ring: number,
): Float32Array {
  const d = distanceOutside(core, width, height, ring + 1);
  const w = new Float32Array(core.length);
  for (let i = 0; i < w.length; i++) {
    if (!grown[i]) continue;
    w[i] = core[i] ? 1 : Math.max(0, 1 - d[i] / (ring + 1));
  }
  return w;
}

/** Deepest point (distance to the outside) of each connected part, computed in each part's own box. */
export function componentDepths(components: Components, width: number): Float32Array {
  const { labels, count, boxes } = components;
  const out = new Float32Array(count + 1);
  for (let id = 1; id <= count; id++) {
    const b = boxes[id - 1];
    const bw = b.x1 - b.x0 + 2;
    const bh = b.y1 - b.y0 + 2;
    const part = new Uint8Array(bw * bh);
    for (let y = b.y0; y < b.y1; y++) {
      for (let x = b.x0; x < b.x1; x++)
        if (labels[y * width + x] === id) part[(y - b.y0 + 1) * bw + x - b.x0 + 1] = 1;
    }
    const d = distanceInside(part, bw, bh, true);
    let max = 0;
    for (let i = 0; i < d.length; i++) if (d[i] > max) max = d[i];
    out[id] = max;
  }
  return out;
}

export function expandBox(box: Box, pad: number, width: number, height: number): Box {
  return {
    x0: Math.max(0, box.x0 - pad),
    y0: Math.max(0, box.y0 - pad),
    x1: Math.min(width, box.x1 + pad),
    y1: Math.min(height, box.y1 + pad),
  };
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Merges overlapping boxes until none overlap; returns the groups as indexes into `boxes`. */
export function mergeBoxes(boxes: Box[]): { box: Box; members: number[] }[] {
  let groups = boxes.map((box, i) => ({ box: { ...box }, members: [i] }));
  let merged = true;
  while (merged) {
    merged = false;
    const next: typeof groups = [];
    for (const g of groups) {
      const hit = next.find((n) => boxesOverlap(n.box, g.box));
      if (hit) {
        hit.box = {
          x0: Math.min(hit.box.x0, g.box.x0),
          y0: Math.min(hit.box.y0, g.box.y0),
          x1: Math.max(hit.box.x1, g.box.x1),
          y1: Math.max(hit.box.y1, g.box.y1),
        };
        hit.members.push(...g.members);
        merged = true;
      } else {
        next.push(g);
      }
    }
    groups = next;
  }
  return groups;
}
