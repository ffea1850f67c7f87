/**
 * Structure continuation (after Sun et al. 2005, "Image completion with structure propagation", with the
 * curves found instead of drawn by hand). Strong, one-directional edges 3-5 px outside the hole are
 * found with the structure tensor; two of them are joined when each one's direction lies within
 * `maxAngle` of the chord between them and their cross-sections (colour profiles across the edge)
 * agree, by a cubic Hermite curve leaving and arriving along the edges' directions. A thin line (a
 * mast, a wire) that stays straight before the hole but finds no partner is continued straight until it
 * leaves the hole. Each curve is drawn as a band whose cross-section blends from one end's profile to
 * the other's. Returns the drawn pixels (written into `image`), which the exemplar completion then
 * treats as known, so the texture around them is grown to fit; null when nothing was drawn.
 */
import { sampleBilinear, type FloatImage } from './float-image';
import { distanceOutside, expandBox, maskBounds } from './mask';

export interface StructureOptions {
  /** Half-width of the band drawn along a paired edge, in pixels. */
  band?: number;
  /** Largest angle between an edge's direction and the chord to its partner, in degrees. */
  maxAngle?: number;
}

/** A point and a unit direction. */
interface Ray {
  x: number;
  y: number;
  dx: number;
  dy: number;
}

interface EdgePoint {
  x: number;
  y: number;
  /** Unit direction of the edge, pointing into the hole. */
  dx: number;
  dy: number;
  strength: number;
}

export function continueStructure(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  options: StructureOptions = {},
): Uint8Array | null {
  const { width: w, height: h, channels: c, data } = image;
  if (c < 3) return null;
  const bounds = maskBounds(hole, w, h);
  if (!bounds) return null;
  const band = options.band ?? 4;
  const cosMax = Math.cos(((options.maxAngle ?? 30) * Math.PI) / 180);
  const box = expandBox(bounds, 12, w, h);
  const n = w * h;
  const known = (i: number) => !hole[i] && !(avoid && avoid[i]);
  const lum = new Float32Array(n);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      lum[i] = 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2];
    }
  const outside = distanceOutside(hole, w, h, 8);
  // Candidates: known pixels 3-5 px from the hole, on a strong and coherent (one-directional) edge.
  const cands: EdgePoint[] = [];
  const typical: number[] = [];
  const R = 3;
  for (let y = box.y0 + R + 1; y < box.y1 - R - 1; y++)
    for (let x = box.x0 + R + 1; x < box.x1 - R - 1; x++) {
      const i = y * w + x;
      const d = outside[i];
      if (d < 3 || d > 5 || !known(i)) continue;
      let jxx = 0;
      let jxy = 0;
      let jyy = 0;
      let m = 0;
      for (let dy = -R; dy <= R; dy++)
        for (let dx = -R; dx <= R; dx++) {
          const j = i + dy * w + dx;
          if (!known(j) || !known(j - 1) || !known(j + 1) || !known(j - w) || !known(j + w)) continue;
          const gx = 0.5 * (lum[j + 1] - lum[j - 1]);
          const gy = 0.5 * (lum[j + w] - lum[j - w]);
          jxx += gx * gx;
          jxy += gx * gy;
          jyy += gy * gy;
          m++;
        }
      if (m < (2 * R + 1) ** 2 / 2) continue;
      jxx /= m;
      jxy /= m;
      jyy /= m;
      const tr = jxx + jyy;
      const disc = Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy);
      const l1 = 0.5 * (tr + disc);
      const l2 = 0.5 * (tr - disc);
      // Strength: the RMS gradient across the edge.
      const strength = Math.sqrt(l1);
      typical.push(Math.sqrt(tr));
      if (strength < MIN_EDGE || (l1 - l2) / (l1 + l2) < MIN_COHERENCE) continue;
      // Gradient direction is the eigenvector of l1; the edge runs across it.
      const theta = 0.5 * Math.atan2(2 * jxy, jxx - jyy);
      let ex = -Math.sin(theta);
      let ey = Math.cos(theta);
      const ahead = (sx: number, sy: number) => {
        for (let k = 2; k <= 10; k++) {
          const px = Math.round(x + sx * k);
          const py = Math.round(y + sy * k);
          if (px < 0 || py < 0 || px >= w || py >= h) return false;
          if (hole[py * w + px]) return true;
        }
        return false;
      };
      if (!ahead(ex, ey)) {
        if (!ahead(-ex, -ey)) continue;
        ex = -ex;
        ey = -ey;
      }
      cands.push({ x, y, dx: ex, dy: ey, strength });
    }
  // Only edges that stand out from the surroundings' own detail: on grain or foliage the edges are
  // texture, which the exemplar fill continues better than a drawn band.
  if (typical.length === 0) return null;
  typical.sort((a, b) => a - b);
  const floor = EDGE_CONTRAST * typical[typical.length >> 1];
  // One point per edge crossing: the strongest within a few pixels.
  cands.sort((a, b) => b.strength - a.strength);
  const points: EdgePoint[] = [];
  for (const p of cands) {
    if (p.strength < floor) break;
    if (points.some((q) => (q.x - p.x) ** 2 + (q.y - p.y) ** 2 < 36)) continue;
    points.push(p);
    if (points.length >= 64) break;
  }
  if (points.length < 2) return null;
  // Pairs joined by a smooth curve: each end's direction within a limit of the chord, and the
  // cross-sections agree.
  const pairs: { a: EdgePoint; b: EdgePoint; end: Ray; cost: number }[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i];
      const b = points[j];
      const vx = b.x - a.x;
      const vy = b.y - a.y;
      const len = Math.hypot(vx, vy);
      if (len < 12) continue;
      const ux = vx / len;
      const uy = vy / len;
      const ca = a.dx * ux + a.dy * uy;
      const cb = -(b.dx * ux + b.dy * uy);
      if (ca < cosMax || cb < cosMax) continue;
      // The two points may sit on different sides of the same line: slide b across its edge until
      // the cross-sections line up, so the band does not blend a line with its own shifted copy.
      let diff = Infinity;
      let shift = 0;
      for (let d = -band; d <= band; d += 0.5) {
        const e = profileDistance(image, a, b, band, d);
        if (e < diff) {
          diff = e;
          shift = d;
        }
      }
      if (diff > MAX_PROFILE_DIFF) continue;
      const bx = b.x + shift * b.dy;
      const by = b.y - shift * b.dx;
      pairs.push({
        a,
        b,
        end: { x: bx, y: by, dx: -b.dx, dy: -b.dy },
        cost: diff / MAX_PROFILE_DIFF + (2 - ca - cb) * 4,
      });
    }
  pairs.sort((p, q) => p.cost - q.cost);
  const used = new Set<EdgePoint>();
  const acc = new Float32Array(n * c);
  const weight = new Float32Array(n);
  let drawn = 0;
  for (const { a, b, end } of pairs) {
    if (used.has(a) || used.has(b)) continue;
    used.add(a);
    used.add(b);
    drawCurve(image, hole, a, end, band, acc, weight);
    drawn++;
  }
  // A thin line (a mast, a wire) with no partner continues straight until it leaves the hole, its
  // cross-section blending into what is found where it leaves.
  for (const a of points) {
    if (used.has(a) || !isThinLine(image, a, band) || persistence(image, a, band) > MAX_PERSIST) continue;
    let x = a.x;
    let y = a.y;
    let inside = false;
    let exit: { x: number; y: number } | null = null;
    for (let k = 0; k < 4 * Math.max(w, h); k++) {
      x += a.dx;
      y += a.dy;
      const px = Math.round(x);
      const py = Math.round(y);
      if (px < 0 || py < 0 || px >= w || py >= h) break;
      const i = py * w + px;
      if (hole[i]) inside = true;
      else if (inside) {
        if (avoid && avoid[i]) break;
        // A few pixels past the edge, as for the starting point.
        exit = { x: x + 3 * a.dx, y: y + 3 * a.dy };
        break;
      }
    }
    if (!exit || exit.x < 0 || exit.y < 0 || exit.x > w - 1 || exit.y > h - 1) continue;
    used.add(a);
    drawCurve(image, hole, a, { x: exit.x, y: exit.y, dx: a.dx, dy: a.dy }, band, acc, weight);
    drawn++;
  }
  if (drawn === 0) return null;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!(weight[i] > 0)) continue;
    out[i] = 1;
    for (let k = 0; k < c; k++) data[i * c + k] = acc[i * c + k] / weight[i];
  }
  return out;
}

/**
 * Draws a band along the cubic Hermite curve from `a` (leaving along its direction) to `b` (arriving
 * along its direction) into the hole pixels of `acc`/`weight`: at arc position t the cross-section is
 * (1 - t) times a's and t times b's, each sampled across its own direction.
 */
function drawCurve(
  image: FloatImage,
  hole: Uint8Array,
  a: EdgePoint,
  b: Ray,
  band: number,
  acc: Float32Array,
  weight: Float32Array,
): void {
  const { width: w, height: h, channels: c } = image;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const steps = Math.max(2, Math.ceil(2 * len));
  const pa = new Float32Array(c);
  const pb = new Float32Array(c);
  // Normals of the two ends; b's direction is the arrival direction, so both normals are on the same side.
  const na = { x: -a.dy, y: a.dx };
  const nb = { x: -b.dy, y: b.dx };
  // The sample nearest the curve for each pixel: its offset across the curve and its position along it.
  const nearest = new Map<number, { s: number; t: number }>();
  for (let step = 0; step <= steps; step++) {
    const t = step / steps;
    const t2 = t * t;
    const t3 = t2 * t;
    const h00 = 2 * t3 - 3 * t2 + 1;
    const h10 = t3 - 2 * t2 + t;
    const h01 = -2 * t3 + 3 * t2;
    const h11 = t3 - t2;
    const px = h00 * a.x + h10 * len * a.dx + h01 * b.x + h11 * len * b.dx;
    const py = h00 * a.y + h10 * len * a.dy + h01 * b.y + h11 * len * b.dy;
    const d00 = 6 * t2 - 6 * t;
    const d10 = 3 * t2 - 4 * t + 1;
    const d01 = -6 * t2 + 6 * t;
    const d11 = 3 * t2 - 2 * t;
    let tx = d00 * a.x + d10 * len * a.dx + d01 * b.x + d11 * len * b.dx;
    let ty = d00 * a.y + d10 * len * a.dy + d01 * b.y + d11 * len * b.dy;
    const tl = Math.hypot(tx, ty) || 1;
    tx /= tl;
    ty /= tl;
    for (let s2 = -2 * band; s2 <= 2 * band; s2++) {
      const s = s2 / 2;
      const x = Math.round(px - s * ty);
      const y = Math.round(py + s * tx);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const i = y * w + x;
      if (!hole[i]) continue;
      const seen = nearest.get(i);
      if (!seen || Math.abs(s) < Math.abs(seen.s)) nearest.set(i, { s, t });
    }
  }
  for (const [i, { s, t }] of nearest) {
    sample(image, a.x + s * na.x, a.y + s * na.y, pa);
    sample(image, b.x + s * nb.x, b.y + s * nb.y, pb);
    // Full weight on the curve, less at the band's sides, so crossing bands blend.
    const wt = 1 - Math.abs(s) / (band + 1);
    for (let k = 0; k < c; k++) acc[i * c + k] += wt * ((1 - t) * pa[k] + t * pb[k]);
    weight[i] += wt;
  }
}

/** True when the cross-section through the point holds a thin line: a peak or valley between its two sides. */
function isThinLine(image: FloatImage, a: EdgePoint, band: number): boolean {
  const c = image.channels;
  const p = new Float32Array(c);
  const lum: number[] = [];
  for (let s = -band - 2; s <= band + 2; s++) {
    sample(image, a.x - s * a.dy, a.y + s * a.dx, p);
    lum.push(0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]);
  }
  const l = lum[0];
  const r = lum[lum.length - 1];
  let most = 0;
  for (let k = 1; k < lum.length - 1; k++) {
    const base = l + ((r - l) * k) / (lum.length - 1);
    const d = lum[k] - base;
    if (Math.abs(d) > Math.abs(most)) most = d;
  }
  return Math.abs(most) > THIN_LINE_CONTRAST && Math.abs(most) > 1.5 * Math.abs(r - l);
}

/** Largest mean colour difference between the cross-section at the point and 4, 8 and 12 px back along its edge. */
function persistence(image: FloatImage, a: EdgePoint, band: number): number {
  const c = image.channels;
  const p0 = new Float32Array(c);
  const p1 = new Float32Array(c);
  let worst = 0;
  for (const k of [4, 8, 12]) {
    let sum = 0;
    let m = 0;
    for (let s = -band; s <= band; s++) {
      sample(image, a.x - s * a.dy, a.y + s * a.dx, p0);
      sample(image, a.x - k * a.dx - s * a.dy, a.y - k * a.dy + s * a.dx, p1);
      for (let q = 0; q < 3; q++) sum += Math.abs(p0[q] - p1[q]);
      m += 3;
    }
    worst = Math.max(worst, sum / m);
  }
  return worst;
}

/** A thin line is extended alone only if its cross-section stays this close over the 12 px before the hole. */
const MAX_PERSIST = 10;
const THIN_LINE_CONTRAST = 20;
/** Edge strength (RMS luma gradient) below which no structure is continued. */
const MIN_EDGE = 10;
/** How many times the median gradient around the hole an edge must reach to be continued. */
const EDGE_CONTRAST = 3;
/** How one-directional the gradients around an edge point must be (structure-tensor coherence). */
const MIN_COHERENCE = 0.8;
/** Largest mean colour difference between the cross-sections of two paired edges. */
const MAX_PROFILE_DIFF = 30;

/** Mean absolute colour difference between the cross-sections of two edge points, each taken across its own direction. */
function profileDistance(image: FloatImage, a: EdgePoint, b: EdgePoint, band: number, shift = 0): number {
  const c = image.channels;
  const pa = new Float32Array(c);
  const pb = new Float32Array(c);
  let sum = 0;
  let m = 0;
  // b points into the hole from the far side, so its normal is flipped to face the same way as a's.
  for (let s = -band; s <= band; s++) {
    sample(image, a.x - s * a.dy, a.y + s * a.dx, pa);
    sample(image, b.x + (s + shift) * b.dy, b.y - (s + shift) * b.dx, pb);
    for (let k = 0; k < 3; k++) sum += Math.abs(pa[k] - pb[k]);
    m += 3;
  }
  return sum / m;
}

function sample(image: FloatImage, x: number, y: number, out: Float32Array): void {
  sampleBilinear(image.data, image.width, image.height, image.channels, x, y, out);
}
