/**
 * Structure continuation (after Sun et al. 2005, "Image completion with structure propagation", with the
 * curves found instead of drawn by hand). Strong, one-directional edges 3-5 px outside the hole are
 * found with the structure tensor; two of them are joined when each one's direction lies within
 * `maxAngle` of the chord between them and their cross-sections (colour profiles across the edge)
 * agree, by a cubic Hermite curve leaving and arriving along the edges' directions. A thin line (a
 * mast, a wire) that stays straight before the hole but finds no partner is continued straight until it
 * leaves the hole. Each curve is drawn as a band whose cross-section blends from one end's profile to
 * the other's, with each end's grain (a lattice's struts, a rope's twist) repeated along its half. Returns the drawn pixels (written into `image`), which the exemplar completion then
 * treats as known, so the texture around them is grown to fit; null when nothing was drawn.
 *
 * One file past 400 lines on purpose: finding, pairing and drawing the curves share their edge points, tuning
 * constants and cross-section sampling, and read as one algorithm.
 */
import { lumaInto, sampleBilinear, type FloatImage } from './float-image';
import { distanceOutside, expandBox, maskBounds } from '../../lib/image/bitmap';
import { alongEdgeIntoHole, structureTensor } from './orientation';

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
  const isKnown = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && known(y * w + x);
  const lum = lumaInto(image, new Float32Array(n), box);
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
      const t = structureTensor(
        lum,
        w,
        i,
        R,
        (j) => known(j) && known(j - 1) && known(j + 1) && known(j - w) && known(j + w),
      );
      if (t.samples < (2 * R + 1) ** 2 / 2) continue;
      const tr = t.jxx + t.jyy;
      const disc = Math.sqrt((t.jxx - t.jyy) ** 2 + 4 * t.jxy * t.jxy);
      const l1 = 0.5 * (tr + disc);
      const l2 = 0.5 * (tr - disc);
      // Strength: the RMS gradient across the edge.
      const strength = Math.sqrt(l1);
      typical.push(Math.sqrt(tr));
      if (strength < MIN_EDGE || (l1 - l2) / (l1 + l2) < MIN_COHERENCE) continue;
      const along = alongEdgeIntoHole(t, hole, w, h, x, y, 10);
      if (!along) continue;
      cands.push({ x, y, dx: along.dx, dy: along.dy, strength });
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
    drawCurve(image, hole, isKnown, a, end, band, acc, weight);
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
    drawCurve(image, hole, isKnown, a, { x: exit.x, y: exit.y, dx: a.dx, dy: a.dy }, band, acc, weight);
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
 * (1 - t) times a's and t times b's, each sampled across its own direction. A cross-section alone has no
 * grain (a lattice mast would become a smooth bar), so each half of the band also carries the detail of
 * its own edge further back, copied slice by slice along the edge (see `grainPeriod`), each half's
 * detail fading into the other's around the middle.
 */
function drawCurve(
  image: FloatImage,
  hole: Uint8Array,
  known: (x: number, y: number) => boolean,
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
  // Each end's edge runs on away from the hole: a's back against its direction, b's along its arrival.
  const ends: End[] = [
    { x: a.x, y: a.y, ox: -a.dx, oy: -a.dy, nx: na.x, ny: na.y },
    { x: b.x, y: b.y, ox: b.dx, oy: b.dy, nx: nb.x, ny: nb.y },
  ];
  const [ta, tb] = ends.map((e) => grainPeriod(image, known, e, band));
  const ga = new Float32Array(c);
  const gb = new Float32Array(c);
  for (const [i, { s, t }] of nearest) {
    sample(image, a.x + s * na.x, a.y + s * na.y, pa);
    sample(image, b.x + s * nb.x, b.y + s * nb.y, pb);
    // Detail: a's half repeats the last period of a's edge, b's half b's.
    const handover = smoothstep(GRAIN_HANDOVER[0], GRAIN_HANDOVER[1], t);
    const wa = ta === null ? 0 : 1 - handover;
    const wb = tb === null ? 0 : handover;
    if (ta !== null) sliceAt(image, ends[0], ta - ((t * len) % ta), s, ga);
    if (tb !== null) sliceAt(image, ends[1], tb - (((1 - t) * len) % tb), s, gb);
    // Full weight on the curve, less at the band's sides, so crossing bands blend.
    const wt = 1 - Math.abs(s) / (band + 1);
    for (let k = 0; k < c; k++) {
      const smooth = (1 - t) * pa[k] + t * pb[k];
      const grain = wa * (ga[k] - pa[k]) + wb * (gb[k] - pb[k]);
      acc[i * c + k] += wt * (smooth + grain);
    }
    weight[i] += wt;
  }
}

/** One end of a drawn curve: a point just outside the hole, the edge's direction away from the hole, and the normal the band's offsets are measured along. */
interface End {
  x: number;
  y: number;
  ox: number;
  oy: number;
  nx: number;
  ny: number;
}

/** The colour at offset `s` across the edge, `back` pixels from the end away from the hole (nearest pixel, so copied grain stays crisp). */
function sliceAt(image: FloatImage, e: End, back: number, s: number, out: Float32Array): void {
  const { width: w, height: h, channels: c, data } = image;
  const x = Math.min(w - 1, Math.max(0, Math.round(e.x + back * e.ox + s * e.nx)));
  const y = Math.min(h - 1, Math.max(0, Math.round(e.y + back * e.oy + s * e.ny)));
  const o = (y * w + x) * c;
  for (let k = 0; k < c; k++) out[k] = data[o + k];
}

/**
 * The period with which the band's grain repeats the edge behind an end (after the structure propagation
 * of Sun et al. 2005, along a straight edge): slices are copied from the last `period` pixels of the
 * edge before the hole, over and over, so the period is chosen where the slices just before the hole
 * best continue those one period further back: a lattice's or a rope's own period, or a long stretch of
 * a plain edge. Null when the edge does not run on straight and known for long enough, or nothing
 * continues it well.
 */
function grainPeriod(
  image: FloatImage,
  known: (x: number, y: number) => boolean,
  e: End,
  band: number,
): number | null {
  const c = image.channels;
  const p = new Float32Array(c);
  const q = new Float32Array(c);
  // How far the edge runs on: the strip along it stays known and its cross-section, averaged over a few
  // slices so that grain does not count, stays that of the end.
  const profile = (d: number, out: Float32Array) => {
    out.fill(0);
    for (let v = d - 3; v <= d + 3; v++)
      for (let s = -band; s <= band; s++) {
        sliceAt(image, e, v, s, p);
        for (let k = 0; k < 3; k++) out[(s + band) * 3 + k] += p[k] / 7;
      }
  };
  const start = new Float32Array(3 * (2 * band + 1));
  const here = new Float32Array(3 * (2 * band + 1));
  profile(3, start);
  let reach = 0;
  for (let d = 1; d <= GRAIN_LONGEST + GRAIN_WINDOW; d++) {
    let ok = true;
    for (let s = -band; s <= band && ok; s++)
      ok = known(Math.round(e.x + d * e.ox + s * e.nx), Math.round(e.y + d * e.oy + s * e.ny));
    if (ok && d > 3 && d % 2 === 0) {
      profile(d, here);
      let diff = 0;
      for (let k = 0; k < here.length; k++) diff += Math.abs(here[k] - start[k]);
      ok = diff / here.length <= MAX_PROFILE_DIFF;
    }
    if (!ok) break;
    reach = d;
  }
  if (reach < GRAIN_SHORTEST + GRAIN_WINDOW) return null;
  let best: number | null = null;
  let bestScore = Infinity;
  for (let shift = GRAIN_SHORTEST; shift + GRAIN_WINDOW <= reach; shift++) {
    let sum = 0;
    let m = 0;
    // The slices just before the hole against the ones `shift` further back.
    for (let v = 0; v <= GRAIN_WINDOW; v++)
      for (let s = -band; s <= band; s++) {
        sliceAt(image, e, v, s, p);
        sliceAt(image, e, v + shift, s, q);
        for (let k = 0; k < 3; k++) sum += Math.abs(p[k] - q[k]);
        m += 3;
      }
    const cost = sum / m;
    // Longer periods repeat less visibly.
    const score = cost * (1 + GRAIN_SHORTEST / shift);
    if (cost <= GRAIN_MATCH && score < bestScore) {
      bestScore = score;
      best = shift;
    }
  }
  return best;
}

function smoothstep(lo: number, hi: number, t: number): number {
  const x = Math.min(1, Math.max(0, (t - lo) / (hi - lo)));
  return x * x * (3 - 2 * x);
}

/** Where along the band (0-1) one end's grain hands over to the other's. */
const GRAIN_HANDOVER = [0.4, 0.6];
/** Shortest and longest periods tried, in pixels. */
const GRAIN_SHORTEST = 16;
const GRAIN_LONGEST = 96;
/** Slices compared when choosing the shift. */
const GRAIN_WINDOW = 6;
/** Largest mean colour difference between the slices before the hole and their copies for the grain to be used. */
const GRAIN_MATCH = 20;

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
