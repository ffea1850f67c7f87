/**
 * Collaborative Wiener filtering of block groups (the second step of BM3D, Dabov et al. 2007) for the faces'
 * luma. Each reference block gathers the blocks most like it nearby (matched on the already cleaned plane);
 * the group's 2D DCTs are transformed once more across the group (Walsh-Hadamard) and shrunk by Wiener gains
 * from the cleaned plane's group. Blocks from different places sit at different phases of the JPEG grid, so
 * their rounding errors differ while the face's texture repeats: the group tells one from the other better
 * than a block alone. It costs a search per block, so the pipeline spends it on the faces only.
 */
import { dctBlock, idctBlock } from './dct';
import type { FaceBox } from '../face/types';

/** A rectangle of the photo in pixels: the face module's box shape, for regions that are not only faces. */
export type Rect = FaceBox;

/** Blocks per group (a power of two, for the Hadamard transform). */
const GROUP = 8;
/** How far around the reference block its matches are looked for, in pixels. */
const SEARCH = 8;
/** Spacing of the reference blocks. */
const STRIDE = 3;
/** Width of the rectangle's rim over which the result fades into the plane it came from. */
const FADE = 8;

/** In-place orthonormal Walsh-Hadamard transform of v[0..n), n a power of two (its own inverse). */
function hadamard(v: Float32Array, n: number): void {
  for (let len = 1; len < n; len <<= 1)
    for (let i = 0; i < n; i += len << 1)
      for (let j = i; j < i + len; j++) {
        const a = v[j];
        const b = v[j + len];
        v[j] = a + b;
        v[j + len] = a - b;
      }
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < n; i++) v[i] *= s;
}

/**
 * Reference positions along one axis: every STRIDE from `origin` (the rect's own edge, which may lie outside
 * the plane, so a strip of a photo places them where the whole photo does), within 0..last, and last.
 */
function positions(origin: number, last: number): number[] {
  const out: number[] = [];
  for (let p = origin + Math.max(0, Math.ceil(-origin / STRIDE)) * STRIDE; p <= last; p += STRIDE)
    out.push(p);
  if (out.length && out[out.length - 1] !== last) out.push(last);
  return out;
}

/**
 * `estimate` refined inside `rect` from `observed` (the decoded plane): every coefficient of every group
 * scaled by s² / (s² + noise[k]), s from the estimate's group and `noise[k]` the rounding error's variance of
 * 2D coefficient k. Outside `rect` the estimate is returned as it was; across the rect's rim the two fade.
 */
export function blockMatchWiener(
  observed: Float32Array,
  estimate: Float32Array,
  width: number,
  height: number,
  noise: Float32Array,
  rect: Rect,
): Float32Array {
  const left = Math.floor(rect.x);
  const top = Math.floor(rect.y);
  const right = Math.ceil(rect.x + rect.width);
  const bottom = Math.ceil(rect.y + rect.height);
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, right);
  const y1 = Math.min(height, bottom);
  if (x1 - x0 < 8 || y1 - y0 < 8) return estimate;
  const acc = new Float32Array(width * height);
  const weight = new Float32Array(width * height);
  const guides = Array.from({ length: GROUP }, () => new Float32Array(64));
  const values = Array.from({ length: GROUP }, () => new Float32Array(64));
  const block = new Float32Array(64);
  const guideLine = new Float32Array(GROUP);
  const valueLine = new Float32Array(GROUP);
  const bestD = new Float64Array(GROUP);
  const bestX = new Int32Array(GROUP);
  const bestY = new Int32Array(GROUP);
  const load = (plane: Float32Array, bx: number, by: number, out: Float32Array) => {
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 8; c++) block[r * 8 + c] = plane[(by + r) * width + bx + c];
    dctBlock(block, out);
  };
  for (const ry of positions(top, y1 - 8))
    for (const rx of positions(left, x1 - 8)) {
      // The GROUP closest blocks by squared distance on the estimate, kept sorted by insertion.
      let found = 0;
      for (let cy = Math.max(0, ry - SEARCH); cy <= Math.min(height - 8, ry + SEARCH); cy++)
        for (let cx = Math.max(0, rx - SEARCH); cx <= Math.min(width - 8, rx + SEARCH); cx++) {
          const limit = found === GROUP ? bestD[GROUP - 1] : Infinity;
          let d = 0;
          for (let r = 0; r < 8 && d < limit; r++) {
            const a = (ry + r) * width + rx;
            const b = (cy + r) * width + cx;
            for (let c = 0; c < 8; c++) {
              const t = estimate[a + c] - estimate[b + c];
              d += t * t;
            }
          }
          if (d >= limit) continue;
          let at = found < GROUP ? found++ : GROUP - 1;
          while (at > 0 && bestD[at - 1] > d) {
            bestD[at] = bestD[at - 1];
            bestX[at] = bestX[at - 1];
            bestY[at] = bestY[at - 1];
            at--;
          }
          bestD[at] = d;
          bestX[at] = cx;
          bestY[at] = cy;
        }
      // Near a small plane's corner fewer blocks may have been found: the group shrinks to a power of two.
      const n = found >= GROUP ? GROUP : 1 << Math.floor(Math.log2(found));
      for (let g = 0; g < n; g++) {
        load(estimate, bestX[g], bestY[g], guides[g]);
        load(observed, bestX[g], bestY[g], values[g]);
      }
      let kept = 0;
      for (let k = 0; k < 64; k++) {
        for (let g = 0; g < n; g++) {
          guideLine[g] = guides[g][k];
          valueLine[g] = values[g][k];
        }
        hadamard(guideLine, n);
        hadamard(valueLine, n);
        for (let g = 0; g < n; g++) {
          // The group's mean brightness is kept as it is.
          if (k === 0 && g === 0) continue;
          const signal = guideLine[g] * guideLine[g];
          const gain = noise[k] > 0 ? signal / (signal + noise[k]) : 1;
          valueLine[g] *= gain;
          kept += gain * gain;
        }
        hadamard(valueLine, n);
        for (let g = 0; g < n; g++) values[g][k] = valueLine[g];
      }
      // Groups that kept little (flat skin) are trusted more than busy ones, as in BM3D.
      const w = 1 / (1 + kept);
      for (let g = 0; g < n; g++) {
        idctBlock(values[g], block);
        for (let r = 0; r < 8; r++) {
          const row = (bestY[g] + r) * width + bestX[g];
          for (let c = 0; c < 8; c++) {
            acc[row + c] += w * block[r * 8 + c];
            weight[row + c] += w;
          }
        }
      }
    }
  const out = estimate.slice();
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (weight[i] <= 0) continue;
      // Faded in from the rect's edge, so the faces' restoration meets the rest of the photo without a step.
      const rim = Math.min(x - left + 1, right - x, y - top + 1, bottom - y);
      const t = Math.min(1, rim / FADE);
      out[i] += t * (acc[i] / weight[i] - out[i]);
    }
  return out;
}
