import type { FloatImage } from './float-image';
import { distanceInside } from '../../lib/image/bitmap';

/**
 * The Laplace and screened-Poisson solvers of the fill, both over-relaxed Gauss-Seidel over the hole's
 * pixels: the membrane fill that meets the surroundings smoothly, and the gradient-domain rebuild that
 * removes the seams of a pixel-wise copy.
 */

/**
 * Membrane (Laplace) interpolation of the hole from its edge, by over-relaxed Gauss-Seidel starting
 * from the current fill: the smoothest surface that meets the surroundings, free of the fan-shaped
 * streaks of fast marching.
 */
export function harmonicFill(data: Float32Array, hole: Uint8Array, w: number, h: number, c: number): void {
  let count = 0;
  for (let i = 0; i < hole.length; i++) count += hole[i];
  const ids = new Int32Array(count);
  for (let i = 0, n = 0; i < hole.length; i++) if (hole[i]) ids[n++] = i;
  const depth = distanceInside(hole, w, h);
  let deepest = 0;
  for (const i of ids) deepest = Math.max(deepest, depth[i]);
  const iterations = Math.min(150, Math.round(30 + 3 * deepest));
  const omega = 1.85;
  for (let it = 0; it < iterations; it++) {
    for (const i of ids) {
      const x = i % w;
      const y = (i - x) / w;
      for (let k = 0; k < c; k++) {
        let sum = 0;
        let n = 0;
        if (x > 0) {
          sum += data[(i - 1) * c + k];
          n++;
        }
        if (x < w - 1) {
          sum += data[(i + 1) * c + k];
          n++;
        }
        if (y > 0) {
          sum += data[(i - w) * c + k];
          n++;
        }
        if (y < h - 1) {
          sum += data[(i + w) * c + k];
          n++;
        }
        const o = i * c + k;
        data[o] += omega * (sum / n - data[o]);
      }
    }
  }
}

/**
 * Copies each hole pixel from its source (`nnf[q]`, -1 = keep) and removes the seams of the copy. Where
 * neighbours come from unrelated sources the copy steps, and on a smooth background (bokeh, sky) those
 * steps read as a crackle of thin lines that the detail scaling then amplifies. The fill is rebuilt in
 * the gradient domain instead (Darabi et al. 2012, "Image Melding"): it keeps the differences its sources
 * have between neighbours and, weakly (screened Poisson), the copied values, so a seam spreads over a few
 * pixels and fades while tone and texture stay. `blocked` marks pixels that are not known.
 */
export function copyMelded(image: FloatImage, hole: Uint8Array, blocked: Uint8Array, nnf: Int32Array): void {
  const { data, channels: c } = image;
  for (let q = 0; q < hole.length; q++) {
    const s = nnf[q];
    if (!hole[q] || s < 0) continue;
    for (let k = 0; k < c; k++) data[q * c + k] = data[s * c + k];
  }
  solveScreened(data, image.width, c, seamSystem(image, hole, blocked, nnf));
}

/** Hole pixels, which of their edges ask for a difference (bit d for neighbour d), and right-hand sides. */
interface ScreenedSystem {
  ids: Int32Array;
  links: Uint8Array;
  rhs: Float32Array;
}

/**
 * Weight of the copied values against the asked differences. Small, so a seam (one edge's jump) spreads
 * over a few pixels and fades, while the copy's tone and low frequencies stay for the later corrections.
 */
const SCREEN = 0.1;
/** Sweeps from the copy; by 20 the result moves by less than a grey level. */
const SCREEN_ITERATIONS = 20;
const SCREEN_OMEGA = 1.5;
const NEIGHBOUR_X = [1, -1, 0, 0];
const NEIGHBOUR_Y = [0, 0, 1, -1];

/**
 * The screened-Poisson system of the copied fill: minimise, over the hole, the sum over edges of
 * (f(j) - f(q) - asked)^2 plus SCREEN times the sum of (f(q) - copy(q))^2, known pixels fixed. Each hole
 * pixel proposes, for the edge to each 4-neighbour, the difference its own source has across the same
 * edge; an edge asks for the mean of its endpoints' proposals (a known endpoint proposes nothing: its
 * value is the boundary). Per hole pixel the right-hand side is SCREEN * copy minus the asked differences.
 */
function seamSystem(
  image: FloatImage,
  hole: Uint8Array,
  blocked: Uint8Array,
  nnf: Int32Array,
): ScreenedSystem {
  const { data, width: w, height: h, channels: c } = image;
  let count = 0;
  for (let i = 0; i < hole.length; i++) count += hole[i];
  const ids = new Int32Array(count);
  const links = new Uint8Array(count);
  const rhs = new Float32Array(count * c);
  let n = 0;
  for (let q = 0; q < hole.length; q++) {
    if (!hole[q]) continue;
    const qx = q % w;
    const qy = (q - qx) / w;
    const s = nnf[q];
    ids[n] = q;
    for (let k = 0; k < c; k++) rhs[n * c + k] = SCREEN * data[q * c + k];
    for (let d = 0; d < 4; d++) {
      const dx = NEIGHBOUR_X[d];
      const dy = NEIGHBOUR_Y[d];
      if (qx + dx < 0 || qx + dx >= w || qy + dy < 0 || qy + dy >= h) continue;
      const j = q + dy * w + dx;
      if (blocked[j] && !hole[j]) continue;
      const t = hole[j] ? nnf[j] : -1;
      // q's source and its neighbour across the edge; j's source and its neighbour back towards q.
      const own = sourceNeighbour(s, dx, dy, w, h, blocked);
      const theirs = sourceNeighbour(t, -dx, -dy, w, h, blocked);
      const m = (own >= 0 ? 1 : 0) + (theirs >= 0 ? 1 : 0);
      if (m === 0) continue;
      links[n] |= 1 << d;
      for (let k = 0; k < c; k++) {
        let asked = 0;
        if (own >= 0) asked += data[own * c + k] - data[s * c + k];
        if (theirs >= 0) asked += data[t * c + k] - data[theirs * c + k];
        rhs[n * c + k] -= asked / m;
      }
    }
    n++;
  }
  return { ids, links, rhs };
}

/** The known pixel next to source `s` (-1 = none) in direction (dx, dy), or -1 when there is none. */
function sourceNeighbour(
  s: number,
  dx: number,
  dy: number,
  w: number,
  h: number,
  blocked: Uint8Array,
): number {
  if (s < 0) return -1;
  const x = (s % w) + dx;
  const y = Math.floor(s / w) + dy;
  if (x < 0 || x >= w || y < 0 || y >= h) return -1;
  const i = y * w + x;
  return blocked[i] ? -1 : i;
}

/**
 * Solves the screened-Poisson system by over-relaxed Gauss-Seidel over the hole pixels, starting from
 * the copy, which is already close: only the fill near seams has far to move.
 */
function solveScreened(data: Float32Array, w: number, c: number, system: ScreenedSystem): void {
  const { ids, links, rhs } = system;
  const offsets = [1, -1, w, -w];
  for (let it = 0; it < SCREEN_ITERATIONS; it++) {
    for (let n = 0; n < ids.length; n++) {
      const q = ids[n];
      const mask = links[n];
      let weight = SCREEN;
      for (let d = 0; d < 4; d++) if (mask & (1 << d)) weight++;
      for (let k = 0; k < c; k++) {
        let sum = rhs[n * c + k];
        for (let d = 0; d < 4; d++) if (mask & (1 << d)) sum += data[(q + offsets[d]) * c + k];
        const o = q * c + k;
        data[o] += SCREEN_OMEGA * (sum / weight - data[o]);
      }
    }
  }
}
