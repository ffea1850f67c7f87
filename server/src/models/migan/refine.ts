/**
 * Coarse to fine for windows wider than MI-GAN's 512 px: the coarse fill (the whole window at 512) is
 * right in layout and tone but soft once enlarged. Overlapping 512-px tiles at full resolution refill the
 * hole's inner part with the coarse fill kept around it as if it were photo, so each tile draws detail at
 * the photo's scale that agrees with the layout; tiles are feathered into each other, and the result's low
 * frequencies are taken from the coarse fill again, so no tile's drift in tone can show as a seam.
 */
import { boxBlur } from '../inpaint/pyramid';
import { MIGAN_SIDE, type SquareFiller } from './migan.model';
import { fillSquare } from './square-fill';

/** Band along a tile's inner edges where the coarse fill is kept as context (px). */
const MARGIN = 48;
/** Width of the feather from a tile's kept band to full weight (px). */
const FEATHER = 32;
/** Step between tiles: their full-weight parts overlap. */
const STRIDE = MIGAN_SIDE - 2 * (MARGIN + FEATHER) - 32;

export async function refineWindow(
  coarse: Float32Array,
  hole: Uint8Array,
  ww: number,
  wh: number,
  model: SquareFiller,
): Promise<{ fill: Float32Array; runs: number }> {
  const side = MIGAN_SIDE;
  const sum = new Float32Array(ww * wh * 3);
  const weight = new Float32Array(ww * wh);
  let runs = 0;
  for (const y0 of starts(wh, side)) {
    for (const x0 of starts(ww, side)) {
      const tw = Math.min(side, ww - x0);
      const th = Math.min(side, wh - y0);
      const ramp = tileRamp(x0, y0, tw, th, ww, wh);
      const tileHole = new Uint8Array(tw * th);
      let any = false;
      for (let y = 0; y < th; y++)
        for (let x = 0; x < tw; x++) {
          const inner = ramp[y * tw + x] > 0;
          if (inner && hole[(y0 + y) * ww + x0 + x]) {
            tileHole[y * tw + x] = 1;
            any = true;
          }
        }
      if (!any) continue;
      const tile = new Float32Array(tw * th * 3);
      for (let y = 0; y < th; y++)
        tile.set(coarse.subarray(((y0 + y) * ww + x0) * 3, ((y0 + y) * ww + x0 + tw) * 3), y * tw * 3);
      const filled = await fillSquare(tile, tileHole, tw, th, model);
      runs++;
      for (let y = 0; y < th; y++)
        for (let x = 0; x < tw; x++) {
          const t = y * tw + x;
          if (!tileHole[t]) continue;
          const i = (y0 + y) * ww + x0 + x;
          weight[i] += ramp[t];
          for (let k = 0; k < 3; k++) sum[i * 3 + k] += ramp[t] * filled[t * 3 + k];
        }
    }
  }
  const fine = coarse.slice();
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i] || weight[i] <= 0) continue;
    const rest = Math.max(0, 1 - weight[i]);
    const total = weight[i] + rest;
    for (let k = 0; k < 3; k++) fine[i * 3 + k] = (sum[i * 3 + k] + rest * coarse[i * 3 + k]) / total;
  }
  keepCoarseLowFrequencies(fine, coarse, hole, ww, wh);
  return { fill: fine, runs };
}

/** Tile origins along an axis of `size`: the first at 0, the last flush with the end. */
function starts(size: number, side: number): number[] {
  if (size <= side) return [0];
  const out: number[] = [];
  for (let s = 0; s + side < size; s += STRIDE) out.push(s);
  out.push(size - side);
  return out;
}

/**
 * Each pixel's weight in a tile: 0 in the band along edges inside the window (the coarse fill stays there
 * as context), rising over FEATHER px to 1; edges on the window's own border need no band.
 */
function tileRamp(x0: number, y0: number, tw: number, th: number, ww: number, wh: number): Float32Array {
  const ramp = new Float32Array(tw * th);
  const edge = (d: number, open: boolean) => (open ? 1 : Math.max(0, Math.min(1, (d - MARGIN) / FEATHER)));
  for (let y = 0; y < th; y++) {
    const vy = Math.min(edge(y, y0 === 0), edge(th - 1 - y, y0 + th >= wh));
    for (let x = 0; x < tw; x++) {
      const vx = Math.min(edge(x, x0 === 0), edge(tw - 1 - x, x0 + tw >= ww));
      ramp[y * tw + x] = Math.min(vx, vy);
    }
  }
  return ramp;
}

/**
 * `fine` + blur(`coarse` - `fine`) inside the hole: detail from the tiles, tone and layout from the coarse
 * fill. The blur's reach follows the coarse fill's own resolution.
 */
function keepCoarseLowFrequencies(
  fine: Float32Array,
  coarse: Float32Array,
  hole: Uint8Array,
  ww: number,
  wh: number,
): void {
  const diff = new Float32Array(fine.length);
  for (let i = 0; i < hole.length; i++)
    if (hole[i]) for (let k = 0; k < 3; k++) diff[i * 3 + k] = coarse[i * 3 + k] - fine[i * 3 + k];
  const radius = Math.max(2, Math.ceil((2 * Math.max(ww, wh)) / MIGAN_SIDE));
  const box = { x0: 0, y0: 0, x1: ww, y1: wh };
  for (let pass = 0; pass < 3; pass++) boxBlur(diff, ww, wh, 3, radius, box);
  for (let i = 0; i < hole.length; i++)
    if (hole[i]) for (let k = 0; k < 3; k++) fine[i * 3 + k] += diff[i * 3 + k];
}
