import { fitBlend, type BlendFit } from './blend-fit';

/**
 * The mark as it is: a few flat or smoothly varying colours and opacities (a gradient logo, overlapping
 * translucent shapes of different colours, text on a banner), not one colour for the whole mark. The mask
 * is cut into tiles; each tile's colour and opacity are fitted from its own pixels (and a margin around it),
 * against the diffusion guess of the photo behind. Every pixel then takes, of its component's fit and the
 * fits of its own and the eight neighbouring tiles, the one that explains it best: a smooth gradient is
 * followed tile by tile, and the sharp border between two shapes falls where each side's fit stops fitting.
 */
export interface MarkRegions {
  /** Every accepted fit; `fitOf` indexes it (-1: no fit explains the pixel). */
  fits: BlendFit[];
  fitOf: Int32Array;
}

const TILE = 40;
const MARGIN = 8;
/** Pixels sampled per tile fit: enough to pin a colour, few enough for hundreds of tiles. */
const SAMPLES = 300;
const MIN_TILE_PIXELS = 30;
/** Residual of a component's single fit below which the mark is taken as one flat colour (gradients and several colours leave 0.2-0.45). */
const FLAT_MARK = 0.15;

export function fitMarkRegions(
  data: Float32Array,
  background: Float32Array,
  c: number,
  mask: Uint8Array,
  w: number,
  h: number,
  componentFit: (i: number) => BlendFit | null,
  accept: (fit: BlendFit) => boolean,
): MarkRegions {
  const tw = Math.ceil(w / TILE);
  const th = Math.ceil(h / TILE);
  const tileFit: (BlendFit | null)[] = new Array(tw * th).fill(null);
  const wanted = tilesWanted(mask, w, h, tw, th, componentFit);
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      if (!wanted[ty * tw + tx]) continue;
      const pixels = tilePixels(mask, w, h, tx, ty);
      if (pixels.length < MIN_TILE_PIXELS) continue;
      const fit = fitBlend(data, background, c, pixels);
      if (fit && accept(fit)) tileFit[ty * tw + tx] = fit;
    }
  }
  const fits: BlendFit[] = [];
  const index = new Map<BlendFit, number>();
  const indexOf = (fit: BlendFit) => {
    let k = index.get(fit);
    if (k === undefined) {
      k = fits.length;
      fits.push(fit);
      index.set(fit, k);
    }
    return k;
  };
  const fitOf = new Int32Array(w * h).fill(-1);
  const candidates: BlendFit[] = [];
  for (let y = 0; y < h; y++) {
    const ty = Math.floor(y / TILE);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const tx = Math.floor(x / TILE);
      candidates.length = 0;
      const own = componentFit(i);
      if (own) candidates.push(own);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = tx + dx;
          const ny = ty + dy;
          if (nx < 0 || ny < 0 || nx >= tw || ny >= th) continue;
          const fit = tileFit[ny * tw + nx];
          if (fit) candidates.push(fit);
        }
      }
      let best: BlendFit | null = null;
      let bestErr = Infinity;
      for (const fit of candidates) {
        const err = pixelMisfit(data, background, i * c, fit);
        if (err < bestErr) {
          bestErr = err;
          best = fit;
        }
      }
      // Colour and opacity trade off against each other, and a tile's few pixels can be explained by a
      // wrong pair as well as by the right one: where one colour explains the whole component (a flat
      // mark), its fit stays.
      if (own && own.residual <= FLAT_MARK) best = own;
      if (best) fitOf[i] = indexOf(best);
    }
  }
  return { fits, fitOf };
}

/**
 * The tiles whose fit some pixel may take: those with a pixel, in the tile or the eight around it, whose
 * component has no flat fit of its own (a flat mark's pixels keep their component's fit). A tiled mark of
 * one colour needs none of its hundreds of tile fits, which were most of its inversion's time.
 */
function tilesWanted(
  mask: Uint8Array,
  w: number,
  h: number,
  tw: number,
  th: number,
  componentFit: (i: number) => BlendFit | null,
): Uint8Array {
  const open = new Uint8Array(tw * th);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const own = componentFit(i);
      if (!own || own.residual > FLAT_MARK) open[Math.floor(y / TILE) * tw + Math.floor(x / TILE)] = 1;
    }
  const wanted = new Uint8Array(tw * th);
  for (let ty = 0; ty < th; ty++)
    for (let tx = 0; tx < tw; tx++) {
      if (!open[ty * tw + tx]) continue;
      for (let ny = Math.max(0, ty - 1); ny <= Math.min(th - 1, ty + 1); ny++)
        for (let nx = Math.max(0, tx - 1); nx <= Math.min(tw - 1, tx + 1); nx++) wanted[ny * tw + nx] = 1;
    }
  return wanted;
}

/** Mask pixels of one tile and its margin, evenly thinned to SAMPLES. */
function tilePixels(mask: Uint8Array, w: number, h: number, tx: number, ty: number): Int32Array {
  const x0 = Math.max(0, tx * TILE - MARGIN);
  const y0 = Math.max(0, ty * TILE - MARGIN);
  const x1 = Math.min(w, (tx + 1) * TILE + MARGIN);
  const y1 = Math.min(h, (ty + 1) * TILE + MARGIN);
  let inside = 0;
  for (let y = ty * TILE; y < Math.min(h, (ty + 1) * TILE); y++)
    for (let x = tx * TILE; x < Math.min(w, (tx + 1) * TILE); x++) inside += mask[y * w + x];
  if (inside < MIN_TILE_PIXELS) return new Int32Array(0);
  let total = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) total += mask[y * w + x];
  const stride = Math.max(1, total / SAMPLES);
  const out = new Int32Array(Math.min(total, SAMPLES));
  let n = 0;
  let seen = 0;
  let next = 0;
  for (let y = y0; y < y1 && n < out.length; y++) {
    for (let x = x0; x < x1 && n < out.length; x++) {
      if (!mask[y * w + x]) continue;
      if (seen >= next) {
        out[n++] = y * w + x;
        next += stride;
      }
      seen++;
    }
  }
  return out.subarray(0, n);
}

/** Squared misfit of one pixel under a fit, with the opacity free (the blend's own best opacity there). */
export function pixelMisfit(data: Float32Array, background: Float32Array, o: number, fit: BlendFit): number {
  const vx = fit.color[0] - background[o];
  const vy = fit.color[1] - background[o + 1];
  const vz = fit.color[2] - background[o + 2];
  const dx = data[o] - background[o];
  const dy = data[o + 1] - background[o + 1];
  const dz = data[o + 2] - background[o + 2];
  const vv = vx * vx + vy * vy + vz * vz;
  let a = vv > 1 ? (dx * vx + dy * vy + dz * vz) / vv : 0;
  a = a < 0 ? 0 : a > 1 ? 1 : a;
  const ex = dx - a * vx;
  const ey = dy - a * vy;
  const ez = dz - a * vz;
  return ex * ex + ey * ey + ez * ez;
}
