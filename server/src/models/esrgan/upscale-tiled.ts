import { toByte } from './postprocess';
import { rgbRegionToNchw } from './preprocess';
import type { RefineOptions } from './refine';
import { inlineRefiner, type Refiner } from './refine-worker';
import { lanczosUpscaleAdd } from './resample';
import { planAxis, segmentWeight, type Segment } from './tiles';

/** 8-bit interleaved pixels (RGB or RGBA), the same shape as lib/image/raw-image's RawImage. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** A tile's place in the source image, in source pixels. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Predict = (
  nchw: Float32Array,
  width: number,
  height: number,
  region?: Region,
) => Promise<Float32Array>;

export interface TiledOptions {
  scale: number;
  predict: Predict;
  refine: Omit<RefineOptions, 'scale'>;
  /** Core tile size in source pixels. */
  tile: number;
  /** Cross-fade half-width around each cut, in source pixels. */
  blend: number;
  /** Extra context fed to the model around each tile, in source pixels. */
  context: number;
  onTile?: (done: number, total: number) => void;
  /** Where each tile is refined; in this thread unless a helper thread is given (refine-worker.ts). */
  refiner?: Refiner;
}

/**
 * Upscales with the model tile by tile, cross-fading the overlaps. Memory stays bounded: the output is
 * 8-bit, and only one band of tile rows is held in float. Alpha is enlarged on its own with the centred
 * Lanczos (the models know only RGB) and clamped.
 */
export async function upscaleTiled(image: Pixels, options: TiledOptions): Promise<Pixels> {
  const { scale, tile, blend, context } = options;
  const { width, height, channels } = image;
  const W = width * scale;
  const H = height * scale;
  const out = new Uint8Array(W * H * channels);
  const rows = planAxis(height, tile, blend, context);
  const cols = planAxis(width, tile, blend, context);
  const total = rows.length * cols.length;
  let done = 0;

  // Float accumulator for the output rows still open to contributions: [bandStart, bandStart + bandRows).
  const bandRows = Math.max(...rows.map((r) => r.outEnd - r.outStart)) * scale;
  const band = new Float32Array(bandRows * W * 3);
  let bandStart = 0;

  const colWeights = cols.map((c) => weightsFor(c, width, blend, scale));
  const allRowWeights = rows.map((r) => weightsFor(r, height, blend, scale));
  // Where one tile alone has weight 1 (all but the cross-fades), its pixels go straight to bytes: the band
  // would hold 0 + 1 * v there, which is v. Only the cross-fades go through the float band.
  const solidCols = solidAt(cols, colWeights, W, scale);
  const solidRows = solidAt(rows, allRowWeights, H, scale);
  const colSolid = colWeights.map(solidSpan);
  const fadedCols = spansOf(solidCols, 0);
  const refine = options.refiner ?? inlineRefiner;
  // Tiles go to the model one at a time and in order, and each is refined (maybe in a helper thread) as
  // soon as its prediction is in. A row's tiles are handed out before the row above is cross-faded, so the
  // helpers keep working while this thread writes a finished band out.
  let modelTurn: Promise<unknown> = Promise.resolve();
  const startRow = (row: Segment) =>
    cols.map((col) => {
      const region = {
        x: col.inputStart,
        y: row.inputStart,
        w: col.inputEnd - col.inputStart,
        h: row.inputEnd - row.inputStart,
      };
      const predicted = modelTurn.then(async () => {
        const input = rgbRegionToNchw(image.data, width, channels, region);
        // The model's NCHW output, refined against the same NCHW input it was given.
        const output = await options.predict(input, region.w, region.h, region);
        return { refined: refine(output, input, region.w, region.h, 3, { scale, ...options.refine }) };
      });
      modelTurn = predicted.catch(() => {});
      const refined = predicted.then((p) => p.refined);
      // Awaited in its turn; until then a failure must not count as unhandled.
      refined.catch(() => {});
      return { region, refined };
    });
  let nextTiles = startRow(rows[0]);
  for (let ri = 0; ri < rows.length; ri++) {
    const row = rows[ri];
    const rowWeights = allRowWeights[ri];
    const tiles = nextTiles;
    if (ri + 1 < rows.length) nextTiles = startRow(rows[ri + 1]);
    const crossFade = (ci: number, region: Region, refined: Float32Array) => {
      const rw = region.w * scale;
      const tile = { data: refined, plane: rw * region.h * scale };
      const col = cols[ci];
      const cw = colWeights[ci];
      const solid = colSolid[ci];
      const x0 = col.outStart * scale;
      const x1 = col.outEnd * scale;
      for (let Y = row.outStart * scale; Y < row.outEnd * scale; Y++) {
        const wy = rowWeights[Y - row.outStart * scale];
        if (wy === 0) continue;
        const at = {
          src: (Y - region.y * scale) * rw - region.x * scale,
          out: Y * W,
          band: (Y - bandStart) * W,
        };
        if (wy !== 1) {
          fadeRow(tile, at, x0, x1, wy, cw, x0, out, channels, band);
          continue;
        }
        // Where both weights are 1 the tile's pixels are final: straight to bytes, no weights to look at.
        fadeRow(tile, at, x0, x0 + solid.from, 1, cw, x0, out, channels, band);
        solidRow(tile, at, x0 + solid.from, x0 + solid.to, out, channels);
        fadeRow(tile, at, x0 + solid.to, x1, 1, cw, x0, out, channels, band);
      }
      options.onTile?.(++done, total);
    };
    // The cross-fades stay in tile order, so the band gets the same float sums as one tile at a time.
    let faded: Promise<void> = Promise.resolve();
    tiles.forEach(({ region, refined }, ci) => {
      faded = Promise.all([refined, faded]).then(([r]) => crossFade(ci, region, r));
      // Awaited below; until then a failure must not count as unhandled.
      faded.catch(() => {});
    });
    await faded;
    // Rows above the next tile row's reach are final: write them out and slide the band up.
    const finalUntil = row.end < height ? (row.end - blend) * scale : H;
    for (let Y = bandStart; Y < finalUntil; Y++) {
      const b = (Y - bandStart) * W * 3;
      // In a row some tile covers alone, only the columns of the cross-fades are left to write.
      for (const [from, to] of solidRows[Y] === 1 ? fadedCols : [[0, W]]) {
        for (
          let X = from, o = (Y * W + from) * channels, d = b + from * 3;
          X < to;
          X++, o += channels, d += 3
        ) {
          out[o] = toByte(band[d]);
          out[o + 1] = toByte(band[d + 1]);
          out[o + 2] = toByte(band[d + 2]);
          band[d] = band[d + 1] = band[d + 2] = 0;
        }
      }
    }
    // The rows written out are zero again (the band only ever holds the cross-fades): after the slide only
    // the old places of the rows moved up need clearing, not the whole band.
    const kept = (finalUntil - bandStart) * W * 3;
    band.copyWithin(0, kept);
    band.fill(0, Math.max(kept, band.length - kept));
    bandStart = finalUntil;
  }

  if (channels === 4) upscaleAlphaInto(image, scale, out);
  return { data: out, width: W, height: H, channels };
}

function weightsFor(segment: Segment, length: number, blend: number, scale: number): Float32Array {
  const w = new Float32Array((segment.outEnd - segment.outStart) * scale);
  for (let i = 0; i < w.length; i++)
    w[i] = segmentWeight(segment, length, blend, scale, segment.outStart * scale + i);
  return w;
}

/** 1 at the output positions of an axis where some segment has weight exactly 1. */
function solidAt(segments: Segment[], weights: Float32Array[], length: number, scale: number): Uint8Array {
  const solid = new Uint8Array(length);
  segments.forEach((segment, k) => {
    const w = weights[k];
    for (let i = 0; i < w.length; i++) if (w[i] === 1) solid[segment.outStart * scale + i] = 1;
  });
  return solid;
}

/** The part [from, to) of a segment's weights that is exactly 1: they ramp up, hold 1, and ramp down. */
function solidSpan(w: Float32Array): { from: number; to: number } {
  const from = w.indexOf(1);
  if (from < 0) return { from: 0, to: 0 };
  let to = from;
  while (to < w.length && w[to] === 1) to++;
  return { from, to };
}

/** The runs [from, to) of an axis where `flags` equals `value`. */
function spansOf(flags: Uint8Array, value: number): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < flags.length;) {
    if (flags[i] !== value) {
      i++;
      continue;
    }
    const from = i;
    while (i < flags.length && flags[i] === value) i++;
    spans.push([from, i]);
  }
  return spans;
}

/** A refined tile (planar RGB at the output scale) and where one of its rows goes. */
interface RefinedTile {
  data: Float32Array;
  plane: number;
}
interface RowPlace {
  /** Index in a tile plane of output column 0 of the row (may be negative). */
  src: number;
  /** Pixel index of the row's column 0 in the output, and in the band. */
  out: number;
  band: number;
}

/** Output columns [from, to) of a row where the tile's weight is 1: its pixels as they are. */
function solidRow(
  tile: RefinedTile,
  at: RowPlace,
  from: number,
  to: number,
  out: Uint8Array,
  channels: number,
) {
  const { data, plane } = tile;
  for (let X = from, s = at.src + from, o = (at.out + from) * channels; X < to; X++, s++, o += channels) {
    out[o] = toByte(data[s]);
    out[o + 1] = toByte(data[plane + s]);
    out[o + 2] = toByte(data[2 * plane + s]);
  }
}

/**
 * Output columns [from, to) of a row weighted wy times the column weights (`cw` starts at column x0): into
 * the float band, or straight to bytes where the weight is exactly 1.
 */
function fadeRow(
  tile: RefinedTile,
  at: RowPlace,
  from: number,
  to: number,
  wy: number,
  cw: Float32Array,
  x0: number,
  out: Uint8Array,
  channels: number,
  band: Float32Array,
) {
  const { data, plane } = tile;
  for (let X = from; X < to; X++) {
    const w = wy * cw[X - x0];
    if (w === 0) continue;
    const s = at.src + X;
    if (w === 1) {
      const o = (at.out + X) * channels;
      out[o] = toByte(data[s]);
      out[o + 1] = toByte(data[plane + s]);
      out[o + 2] = toByte(data[2 * plane + s]);
      continue;
    }
    const d = (at.band + X) * 3;
    band[d] += w * data[s];
    band[d + 1] += w * data[plane + s];
    band[d + 2] += w * data[2 * plane + s];
  }
}

function upscaleAlphaInto(image: Pixels, scale: number, out: Uint8Array) {
  const { width, height } = image;
  const alpha = new Float32Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  const up = new Float32Array(alpha.length * scale * scale);
  lanczosUpscaleAdd(alpha, width, height, scale, up);
  for (let i = 0; i < up.length; i++) out[i * 4 + 3] = toByte(up[i]);
}
