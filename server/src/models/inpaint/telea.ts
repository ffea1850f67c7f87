import type { FloatImage } from './float-image';

const KNOWN = 0;
const BAND = 1;
const INSIDE = 2;

/**
 * Fast-marching inpainting after Telea (2004): the hole is filled from its boundary inwards in order of
 * arrival time T, each pixel from a weighted average of the known pixels within `radius`, extrapolated
 * along their gradient. Good for thin strokes, where there is no room for texture to show; it smears
 * large areas, which is why completion handles those. Writes the hole pixels of `image` in place.
 */
export function teleaInpaint(image: FloatImage, hole: Uint8Array, radius = 5): void {
  const { width: w, height: h, channels: c, data } = image;
  const n = w * h;
  const flags = new Uint8Array(n);
  const t = new Float32Array(n);
  const heap = new MinHeap(n);
  for (let i = 0; i < n; i++) {
    if (hole[i]) {
      flags[i] = INSIDE;
      t[i] = 1e6;
    }
  }
  for (let i = 0; i < n; i++) {
    if (hole[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (
      (x > 0 && hole[i - 1]) ||
      (x < w - 1 && hole[i + 1]) ||
      (y > 0 && hole[i - w]) ||
      (y < h - 1 && hole[i + w])
    ) {
      flags[i] = BAND;
      heap.push(i, 0);
    }
  }
  const r2 = radius * radius;
  const acc = new Float64Array(c);
  while (heap.size > 0) {
    const p = heap.pop();
    flags[p] = KNOWN;
    const px = p % w;
    const py = (p - px) / w;
    for (let k = 0; k < 4; k++) {
      const qx = k === 0 ? px - 1 : k === 1 ? px + 1 : px;
      const qy = k === 2 ? py - 1 : k === 3 ? py + 1 : py;
      if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
      const q = qy * w + qx;
      if (flags[q] !== INSIDE) continue;
      const tq = Math.min(
        solve(qx - 1, qy, qx, qy - 1),
        solve(qx + 1, qy, qx, qy - 1),
        solve(qx - 1, qy, qx, qy + 1),
        solve(qx + 1, qy, qx, qy + 1),
      );
      t[q] = tq;
      fillPixel(qx, qy, q);
      flags[q] = BAND;
      heap.push(q, tq);
    }
  }

  function tAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= w || y >= h) return 1e6;
    const i = y * w + x;
    return flags[i] === INSIDE ? 1e6 : t[i];
  }

  function solve(x1: number, y1: number, x2: number, y2: number): number {
    const a = tAt(x1, y1);
    const b = tAt(x2, y2);
    if (a < 1e6 && b < 1e6) {
      const d = 2 - (a - b) * (a - b);
      if (d > 0) {
        const r = Math.sqrt(d);
        let s = (a + b - r) / 2;
        if (s >= a && s >= b) return s;
        s += r;
        if (s >= a && s >= b) return s;
      }
      return 1 + Math.min(a, b);
    }
    if (a < 1e6) return 1 + a;
    if (b < 1e6) return 1 + b;
    return 1e6;
  }

  function fillPixel(qx: number, qy: number, q: number): void {
    const tq = t[q];
    const gx =
      (tAt(qx + 1, qy) < 1e6 && tAt(qx - 1, qy) < 1e6 ? (tAt(qx + 1, qy) - tAt(qx - 1, qy)) / 2 : 0) || 0;
    const gy =
      (tAt(qx, qy + 1) < 1e6 && tAt(qx, qy - 1) < 1e6 ? (tAt(qx, qy + 1) - tAt(qx, qy - 1)) / 2 : 0) || 0;
    acc.fill(0);
    let sum = 0;
    const y0 = Math.max(0, qy - radius);
    const y1 = Math.min(h - 1, qy + radius);
    const x0 = Math.max(0, qx - radius);
    const x1 = Math.min(w - 1, qx + radius);
    for (let ky = y0; ky <= y1; ky++) {
      for (let kx = x0; kx <= x1; kx++) {
        const k = ky * w + kx;
        if (flags[k] === INSIDE || k === q) continue;
        const rx = qx - kx;
        const ry = qy - ky;
        const d2 = rx * rx + ry * ry;
        if (d2 > r2) continue;
        const len = Math.sqrt(d2);
        const dir = Math.abs(rx * gx + ry * gy) / len || 1e-6;
        const dst = 1 / (d2 * len);
        const lev = 1 / (1 + Math.abs(t[k] - tq));
        const wt = dir * dst * lev;
        const o = k * c;
        const canX = kx > 0 && kx < w - 1 && flags[k - 1] !== INSIDE && flags[k + 1] !== INSIDE;
        const canY = ky > 0 && ky < h - 1 && flags[k - w] !== INSIDE && flags[k + w] !== INSIDE;
        for (let ch = 0; ch < c; ch++) {
          const ix = canX ? (data[o + c + ch] - data[o - c + ch]) / 2 : 0;
          const iy = canY ? (data[o + w * c + ch] - data[o - w * c + ch]) / 2 : 0;
          acc[ch] += wt * (data[o + ch] + 0.5 * (ix * rx + iy * ry));
        }
        sum += wt;
      }
    }
    const o = q * c;
    for (let ch = 0; ch < c; ch++) {
      const v = sum > 0 ? acc[ch] / sum : data[o + ch];
      data[o + ch] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

/** Binary min-heap of pixel indexes keyed by float; each pixel is pushed at most once. */
class MinHeap {
  private readonly ids: Int32Array;
  private readonly keys: Float32Array;
  size = 0;

  constructor(capacity: number) {
    this.ids = new Int32Array(capacity);
    this.keys = new Float32Array(capacity);
  }

  push(id: number, key: number): void {
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.ids[i] = this.ids[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
  }

  pop(): number {
    const top = this.ids[0];
    const lastId = this.ids[--this.size];
    const lastKey = this.keys[this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= lastKey) break;
      this.ids[i] = this.ids[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.ids[i] = lastId;
    this.keys[i] = lastKey;
    return top;
  }
}
