import { sampleBilinear, type FloatImage } from './float-image';

/** Side of the squares a share is measured on: never-worse.ts's regions. */
const REGION = 48;
/** A quarter of a region needs this many inverted pixels to count. */
const MIN_PIXELS = 16;
/** A region's share must stand this many standard errors (from its quarters' spread) away from zero. */
const AGREEMENT = 2;
/** No more than this share of what was removed is put back or taken further. */
const MAX_SHARE = 0.5;

/**
 * What an inversion left of a mark, or took beyond it, judged against the fill (check-fill.ts) of the
 * same mask, and taken out. The fill never saw the mark, so its errors do not follow the mark's shape; where
 * the recovered result's difference from the fill does follow what the inversion removed, that share of the
 * removed signal is a ghost: a faint copy of the mark left behind (a share above 0), or a negative one where
 * it was taken too strongly (a dark word where a white one was, a share below 0). Per 48 px region the
 * difference is regressed on the removed signal over the inverted pixels. The fill's own errors can follow a
 * large mark by chance (a logo's area filled a shade too dark), so a region's share is trusted only when the
 * shares of its four quarters agree in sign and their spread leaves it at least AGREEMENT standard errors from
 * zero, and it is shrunk as it nears that bound. The shares are interpolated between the regions' centres,
 * and each inverted pixel moves by its share of what was removed from it. Returns the regions corrected.
 */
export function removeLeftoverMark(
  recovered: FloatImage,
  filled: FloatImage,
  marked: Float32Array,
  mask: Uint8Array,
  alpha: Float32Array,
): number {
  const { width: w, height: h } = recovered;
  const tw = Math.ceil(w / REGION);
  const th = Math.ceil(h / REGION);
  const shares = new Float32Array(tw * th);
  let corrected = 0;
  for (let ty = 0; ty < th; ty++)
    for (let tx = 0; tx < tw; tx++) {
      const share = regionShare(recovered, filled, marked, mask, alpha, tx * REGION, ty * REGION);
      shares[ty * tw + tx] = share;
      if (share) corrected++;
    }
  if (!corrected) return 0;
  const c = recovered.channels;
  const at = new Float32Array(1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i] || alpha[i] <= 0 || alpha[i] >= 1) continue;
      sampleBilinear(shares, tw, th, 1, (x + 0.5) / REGION - 0.5, (y + 0.5) / REGION - 0.5, at);
      const share = at[0];
      if (!share) continue;
      for (let k = 0; k < c; k++) {
        const o = i * c + k;
        recovered.data[o] -= share * (marked[o] - recovered.data[o]);
      }
    }
  return corrected;
}

/** Per quarter of a region: the difference from the fill times the removed signal, and the removed signal squared. */
interface Sums {
  n: number;
  cross: number;
  power: number;
}

/**
 * The region's trusted share (0 when it is not trusted) of the removed signal left in the result. The
 * difference from the fill is first taken relative to its mean over the region's pixels that inversion left
 * as they were (letters' gaps, the painted margin), when there are enough: a fill a shade too dark or light
 * over the whole region is not a ghost. (Not by the removed signal's own mean: that carries the photo's
 * texture, which a fill never copies exactly, and would make every clean recovery look like a ghost.)
 */
function regionShare(
  recovered: FloatImage,
  filled: FloatImage,
  marked: Float32Array,
  mask: Uint8Array,
  alpha: Float32Array,
  x0: number,
  y0: number,
): number {
  const { width: w, height: h, channels: c } = recovered;
  const x1 = Math.min(w, x0 + REGION);
  const y1 = Math.min(h, y0 + REGION);
  const offset = [0, 0, 0];
  let kept = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (!mask[i] || alpha[i] !== 0) continue;
      kept++;
      for (let k = 0; k < 3; k++) offset[k] += recovered.data[i * c + k] - filled.data[i * c + k];
    }
  for (let k = 0; k < 3; k++) offset[k] = kept >= MIN_PIXELS ? offset[k] / kept : 0;
  const half = REGION / 2;
  const quarters: Sums[] = [0, 1, 2, 3].map(() => ({ n: 0, cross: 0, power: 0 }));
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (!mask[i] || alpha[i] <= 0 || alpha[i] >= 1) continue;
      const q = quarters[(y - y0 < half ? 0 : 2) + (x - x0 < half ? 0 : 1)];
      q.n++;
      for (let k = 0; k < 3; k++) {
        const o = i * c + k;
        const removed = marked[o] - recovered.data[o];
        q.cross += (recovered.data[o] - filled.data[o] - offset[k]) * removed;
        q.power += removed * removed;
      }
    }
  const counted = quarters.filter((q) => q.n >= MIN_PIXELS);
  if (counted.length < 2) return 0;
  const share = sum(quarters.map((q) => q.cross)) / (sum(quarters.map((q) => q.power)) + 1);
  const each = counted.map((q) => q.cross / (q.power + 1));
  if (each.some((s) => Math.sign(s) !== Math.sign(share))) return 0;
  const mean = sum(each) / each.length;
  const spread = each.reduce((a, s) => a + (s - mean) ** 2, 0) / (each.length - 1);
  const bound = AGREEMENT * Math.sqrt(spread / each.length);
  if (Math.abs(share) <= bound) return 0;
  const shrunk = share * (1 - (bound / share) ** 2);
  return Math.max(-MAX_SHARE, Math.min(MAX_SHARE, shrunk));
}

function sum(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}
