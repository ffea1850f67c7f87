import type { Rng } from '../../lib/random';
import { distanceInside, maskBounds } from '../../lib/image/bitmap';
import { copyMelded } from './poisson';
import type { Level } from './pyramid';

/** The nearest-neighbour field of one level: target patches (touching the hole) -> source patch centres. */
export class PatchField {
  readonly nnf: Int32Array;
  private readonly cost: Float32Array;
  private readonly targets: Int32Array;
  private readonly valid: Uint8Array;
  private readonly sources: Int32Array;
  private readonly confidence: Float32Array;
  private readonly w: number;
  private readonly h: number;

  constructor(
    private readonly level: Level,
    private readonly c: number,
    private readonly r: number,
    private readonly rng: Rng,
  ) {
    const { w, h } = level;
    this.w = w;
    this.h = h;
    const n = w * h;
    this.nnf = new Int32Array(n).fill(-1);
    this.cost = new Float32Array(n);
    const blockedSum = integral(level.blocked, w, h);
    const holeSum = integral(level.hole, w, h);
    this.valid = new Uint8Array(n);
    let sourceCount = 0;
    let targetCount = 0;
    const targetFlags = new Uint8Array(n);
    const W = w + 1;
    const span = 2 * r + 1;
    for (let y = r; y < h - r; y++) {
      for (let x = r; x < w - r; x++) {
        const a = (y - r) * W + x - r;
        const b = a + span * W;
        if (blockedSum[b + span] - blockedSum[a + span] - blockedSum[b] + blockedSum[a] === 0) {
          this.valid[y * w + x] = 1;
          sourceCount++;
        }
      }
    }
    const bounds = maskBounds(level.hole, w, h);
    if (bounds) {
      for (let y = Math.max(0, bounds.y0 - r); y < Math.min(h, bounds.y1 + r); y++) {
        for (let x = Math.max(0, bounds.x0 - r); x < Math.min(w, bounds.x1 + r); x++) {
          if (boxSum(holeSum, w, h, x - r, y - r, x + r, y + r) > 0) {
            targetFlags[y * w + x] = 1;
            targetCount++;
          }
        }
      }
    }
    this.targets = new Int32Array(targetCount);
    this.sources = new Int32Array(sourceCount);
    for (let i = 0, t = 0, s = 0; i < n; i++) {
      if (targetFlags[i]) this.targets[t++] = i;
      if (this.valid[i]) this.sources[s++] = i;
    }
    // Wexler's confidence: patches deep inside the hole are less reliable than those near its edge.
    const depth = distanceInside(level.hole, w, h);
    this.confidence = new Float32Array(n);
    for (let i = 0; i < n; i++) this.confidence[i] = level.hole[i] ? Math.pow(1.3, -depth[i]) : 1;
  }

  hasSources(): boolean {
    return this.sources.length > 0;
  }

  randomInit(): void {
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      const s = this.sources[this.rng.next() % this.sources.length];
      this.nnf[p] = s;
      this.cost[p] = this.distance(p, s, Infinity);
    }
  }

  upsampleFrom(coarse: Int32Array, cw: number, ch: number): void {
    const { w, h, r } = this;
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      const px = p % w;
      const py = (p - px) / w;
      const cp = Math.min(py >> 1, ch - 1) * cw + Math.min(px >> 1, cw - 1);
      const cs = coarse[cp];
      let s = -1;
      if (cs >= 0) {
        const csx = cs % cw;
        const csy = (cs - csx) / cw;
        const sx = clamp(2 * csx + (px & 1), r, w - 1 - r);
        const sy = clamp(2 * csy + (py & 1), r, h - 1 - r);
        s = sy * w + sx;
      }
      if (s < 0 || !this.valid[s]) s = this.sources[this.rng.next() % this.sources.length];
      this.nnf[p] = s;
    }
  }

  /**
   * Greedy synthesis in order of depth into the hole (Efros-Leung style, with PatchMatch candidates):
   * each hole pixel takes the centre of the source whose patch best matches the pixels known or
   * already synthesised around it.
   */
  onionPeel(): void {
    const { w, h, r, c, nnf, valid, sources, rng } = this;
    const { hole, blocked, data } = this.level;
    const depth = distanceInside(hole, w, h);
    const order: number[] = [];
    for (let i = 0; i < hole.length; i++) if (hole[i]) order.push(i);
    order.sort((a, b) => depth[a] - depth[b]);
    const filled = new Uint8Array(hole.length);
    for (let i = 0; i < filled.length; i++) filled[i] = blocked[i] ? 0 : 1;
    const dist = (p: number, s: number, limit: number) => {
      const px = p % w;
      const py = (p - px) / w;
      let sum = 0;
      let n = 0;
      for (let dy = -r; dy <= r; dy++) {
        if (py + dy < 0 || py + dy >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          if (px + dx < 0 || px + dx >= w) continue;
          const t = p + dy * w + dx;
          if (!filled[t]) continue;
          const ti = t * c;
          const si = (s + dy * w + dx) * c;
          for (let k = 0; k < c; k++) {
            const d = data[ti + k] - data[si + k];
            sum += d * d;
          }
          n++;
        }
      }
      return n ? sum / n : limit;
    };
    for (const q of order) {
      let bs = nnf[q] >= 0 && valid[nnf[q]] ? nnf[q] : sources[rng.next() % sources.length];
      let best = dist(q, bs, Infinity);
      const qx = q % w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const n = q + dy * w + dx;
          if ((dx === 0 && dy === 0) || n < 0 || n >= hole.length || !hole[n] || !filled[n]) continue;
          if (qx + dx < 0 || qx + dx >= w) continue;
          const s = nnf[n] - dy * w - dx;
          if (s < 0 || s >= valid.length || !valid[s]) continue;
          const d = dist(q, s, best);
          if (d < best) {
            best = d;
            bs = s;
          }
        }
      }
      for (let k = 0; k < 24; k++) {
        const s = sources[rng.next() % sources.length];
        const d = dist(q, s, best);
        if (d < best) {
          best = d;
          bs = s;
        }
      }
      const bx = bs % w;
      const by = (bs - bx) / w;
      for (let radius = Math.max(w, h) >> 2; radius >= 1; radius >>= 1) {
        const sx = clamp(bx + rng.spread(radius), r, w - 1 - r);
        const sy = clamp(by + rng.spread(radius), r, h - 1 - r);
        const s = sy * w + sx;
        if (!valid[s]) continue;
        const d = dist(q, s, best);
        if (d < best) {
          best = d;
          bs = s;
        }
      }
      nnf[q] = bs;
      for (let k = 0; k < c; k++) data[q * c + k] = data[bs * c + k];
      filled[q] = 1;
    }
  }

  /**
   * Voting averages overlapping patches, and wherever the field is not perfectly coherent that average
   * is a blur. At the finest level each hole pixel instead takes the pixel its own best-matching patch
   * proposes (nearest-neighbour copy), so the fill carries the grain of real photo pixels; the seams
   * between pixels copied from unrelated sources are then relaxed (`copyMelded`).
   */
  copyBest(): void {
    const { w, h, c, nnf, level } = this;
    copyMelded({ data: level.data, width: w, height: h, channels: c }, level.hole, level.blocked, nnf);
  }

  computeCosts(): void {
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      this.cost[p] = this.distance(p, this.nnf[p], Infinity);
    }
  }

  /** PatchMatch: alternate-direction propagation then random search around the best match. */
  search(iterations: number, maxRadius: number, knownOnly = false): void {
    const { w, h, r, nnf, cost, valid, targets, rng } = this;
    if (knownOnly)
      for (let k = 0; k < targets.length; k++)
        cost[targets[k]] = this.knownDistance(targets[k], nnf[targets[k]], Infinity);
    const distance = knownOnly ? this.knownDistance.bind(this) : this.distance.bind(this);
    for (let it = 0; it < iterations; it++) {
      const forward = it % 2 === 0;
      const step = forward ? -1 : 1;
      for (let k = 0; k < targets.length; k++) {
        const p = targets[forward ? k : targets.length - 1 - k];
        const px = p % w;
        const py = (p - px) / w;
        let best = cost[p];
        let bs = nnf[p];
        const qx = px + step;
        if (qx >= 0 && qx < w) {
          const qs = nnf[p + step];
          if (qs >= 0) {
            const s = qs - step;
            const sx = s % w;
            if (sx >= r && sx < w - r && valid[s] && s !== bs) {
              const d = distance(p, s, best);
              if (d < best) {
                best = d;
                bs = s;
              }
            }
          }
        }
        const qy = py + step;
        if (qy >= 0 && qy < h) {
          const qs = nnf[p + step * w];
          if (qs >= 0) {
            const s = qs - step * w;
            if (s >= 0 && s < valid.length && valid[s] && s !== bs) {
              const d = distance(p, s, best);
              if (d < best) {
                best = d;
                bs = s;
              }
            }
          }
        }
        const bx0 = bs % w;
        const by0 = (bs - bx0) / w;
        for (let radius = maxRadius; radius >= 1; radius >>= 1) {
          const sx = clamp(bx0 + rng.spread(radius), r, w - 1 - r);
          const sy = clamp(by0 + rng.spread(radius), r, h - 1 - r);
          const s = sy * w + sx;
          if (!valid[s] || s === bs) continue;
          const d = distance(p, s, best);
          if (d < best) {
            best = d;
            bs = s;
          }
        }
        nnf[p] = bs;
        cost[p] = best;
      }
    }
  }

  /**
   * Each hole pixel becomes the weighted mean of what overlapping patches propose. Weights follow
   * Wexler: exp(-cost / 2 sigma^2) with sigma from the `quantile` of patch costs (0 = uniform), times
   * the confidence of the patch centre. A low quantile (0.02) lets the best-matching patches dominate,
   * so the fill keeps the detail of its sources instead of their average.
   */
  vote(quantile: number): void {
    const { w, h, r, c, nnf, targets, level } = this;
    const weights = new Float32Array(w * h);
    let scale = 0;
    if (quantile > 0) {
      const sample = new Float32Array(Math.min(targets.length, 4096));
      const stride = Math.max(1, Math.floor(targets.length / sample.length));
      for (let k = 0; k < sample.length; k++)
        sample[k] = this.cost[targets[Math.min(targets.length - 1, k * stride)]];
      sample.sort();
      scale = sample[Math.floor((sample.length - 1) * quantile)] || 0;
    }
    for (let k = 0; k < targets.length; k++) {
      const p = targets[k];
      weights[p] = this.confidence[p] * (scale > 0 ? Math.exp(-this.cost[p] / (2 * scale)) + 1e-6 : 1);
    }
    const data = level.data;
    const out = new Float32Array(level.holeCount * c);
    const acc = new Float64Array(c);
    let o = 0;
    for (let q = 0; q < level.hole.length; q++) {
      if (!level.hole[q]) continue;
      const qx = q % w;
      const qy = (q - qx) / w;
      acc.fill(0);
      let sum = 0;
      const ya = qy - h + 1 > -r ? qy - h + 1 : -r;
      const yb = qy < r ? qy : r;
      const xa = qx - w + 1 > -r ? qx - w + 1 : -r;
      const xb = qx < r ? qx : r;
      for (let dy = ya; dy <= yb; dy++) {
        const row = (qy - dy) * w + qx;
        const shift = dy * w;
        for (let dx = xa; dx <= xb; dx++) {
          const p = row - dx;
          const s = nnf[p];
          if (s < 0) continue;
          const wt = weights[p];
          const src = (s + shift + dx) * c;
          for (let k = 0; k < c; k++) acc[k] += wt * data[src + k];
          sum += wt;
        }
      }
      if (sum > 0) {
        const inv = 1 / sum;
        for (let k = 0; k < c; k++) out[o + k] = acc[k] * inv;
      } else {
        for (let k = 0; k < c; k++) out[o + k] = data[q * c + k];
      }
      o += c;
    }
    o = 0;
    for (let q = 0; q < level.hole.length; q++) {
      if (!level.hole[q]) continue;
      for (let k = 0; k < c; k++) data[q * c + k] = out[o + k];
      o += c;
    }
  }

  /** Like `distance`, over the target's known pixels only (used before the hole has any content). */
  private knownDistance(p: number, s: number, limit: number): number {
    const { w, h, r, c } = this;
    const data = this.level.data;
    const hole = this.level.hole;
    const px = p % w;
    const py = (p - px) / w;
    let sum = 0;
    for (let dy = -r; dy <= r; dy++) {
      if (py + dy < 0 || py + dy >= h) continue;
      for (let dx = -r; dx <= r; dx++) {
        if (px + dx < 0 || px + dx >= w) continue;
        const t = p + dy * w + dx;
        if (hole[t]) continue;
        const ti = t * c;
        const si = (s + dy * w + dx) * c;
        for (let k = 0; k < c; k++) {
          const d = data[ti + k] - data[si + k];
          sum += d * d;
        }
      }
      if (sum >= limit) return sum;
    }
    return sum;
  }

  /** Sum of squared differences over the part of the target patch inside the image; stops once above `limit`. */
  private distance(p: number, s: number, limit: number): number {
    const { w, h, r, c } = this;
    const data = this.level.data;
    const px = p % w;
    const py = (p - px) / w;
    const ya = py - r < 0 ? -py : -r;
    const yb = py + r >= h ? h - 1 - py : r;
    const xa = px - r < 0 ? -px : -r;
    const xb = px + r >= w ? w - 1 - px : r;
    const len = (xb - xa + 1) * c;
    let sum = 0;
    for (let dy = ya; dy <= yb; dy++) {
      let ti = (p + dy * w + xa) * c;
      let si = (s + dy * w + xa) * c;
      for (let k = 0; k < len; k++) {
        const d = data[ti++] - data[si++];
        sum += d * d;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Summed-area table with one row and column of padding. */
function integral(mask: Uint8Array, w: number, h: number): Int32Array {
  const s = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x];
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
    }
  }
  return s;
}

function boxSum(s: Int32Array, w: number, h: number, x0: number, y0: number, x1: number, y1: number): number {
  const ax = Math.max(0, x0);
  const ay = Math.max(0, y0);
  const bx = Math.min(w - 1, x1) + 1;
  const by = Math.min(h - 1, y1) + 1;
  if (bx <= ax || by <= ay) return 0;
  const W = w + 1;
  return s[by * W + bx] - s[ay * W + bx] - s[by * W + ax] + s[ay * W + ax];
}
