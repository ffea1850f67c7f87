import { toByte } from './postprocess';
import { rgbRegionToNchw } from './preprocess';
import type { RefineOptions } from './refine';
import { inlineRefiner, type Refiner } from './refine-worker';
import { lanczosUpscaleAdd } from './resample';
import { planAxis, segmentWeight, type Segment } from './tiles';

/** 8-bit interleaved pixels (RGB or RGBA), the same shape as lib/image's RawImage. */
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
  const refine = options.refiner ?? inlineRefiner;
  for (let ri = 0; ri < rows.length; ri++) {
    const row = rows[ri];
    const rowWeights = allRowWeights[ri];
    const crossFade = (ci: number, region: Region, refined: Float32Array) => {
      const rw = region.w * scale;
      const plane = rw * region.h * scale;
      const col = cols[ci];
      const cw = colWeights[ci];
      const x0 = col.outStart * scale;
      const x1 = col.outEnd * scale;
      for (let Y = row.outStart * scale; Y < row.outEnd * scale; Y++) {
        const wy = rowWeights[Y - row.outStart * scale];
        if (wy === 0) continue;
        const srcRow = (Y - region.y * scale) * rw - region.x * scale;
        const dstRow = (Y - bandStart) * W;
        for (let X = x0; X < x1; X++) {
          const w = wy * cw[X - x0];
          if (w === 0) continue;
          const s = srcRow + X;
          if (w === 1) {
            const o = (Y * W + X) * channels;
            out[o] = toByte(refined[s]);
            out[o + 1] = toByte(refined[plane + s]);
            out[o + 2] = toByte(refined[2 * plane + s]);
            continue;
          }
          const d = (dstRow + X) * 3;
          band[d] += w * refined[s];
          band[d + 1] += w * refined[plane + s];
          band[d + 2] += w * refined[2 * plane + s];
        }
      }
      options.onTile?.(++done, total);
    };
    // The model runs on the next tile while the previous one is refined (maybe in a helper thread); the
    // cross-fades stay in tile order, so the band gets the same float sums as one tile at a time.
    let faded: Promise<void> = Promise.resolve();
    for (let ci = 0; ci < cols.length; ci++) {
      const col = cols[ci];
      const region = {
        x: col.inputStart,
        y: row.inputStart,
        w: col.inputEnd - col.inputStart,
        h: row.inputEnd - row.inputStart,
      };
      const input = rgbRegionToNchw(image.data, width, channels, region);
      // The model's NCHW output, refined against the same NCHW input it was given.
      const predicted = await options.predict(input, region.w, region.h, region);
      const refined = refine(predicted, input, region.w, region.h, 3, { scale, ...options.refine });
      faded = Promise.all([refined, faded]).then(([r]) => crossFade(ci, region, r));
      // Awaited below; until then a failure must not count as unhandled.
      faded.catch(() => {});
    }
    await faded;
    // Rows above the next tile row's reach are final: write them out and slide the band up.
    const finalUntil = row.end < height ? (row.end - blend) * scale : H;
    for (let Y = bandStart; Y < finalUntil; Y++) {
      const b = (Y - bandStart) * W * 3;
      const solidRow = solidRows[Y] === 1;
      for (let X = 0; X < W; X++) {
        if (solidRow && solidCols[X] === 1) continue;
        const o = (Y * W + X) * channels;
        out[o] = toByte(band[b + X * 3]);
        out[o + 1] = toByte(band[b + X * 3 + 1]);
        out[o + 2] = toByte(band[b + X * 3 + 2]);
      }
    }
    const kept = (finalUntil - bandStart) * W * 3;
    band.copyWithin(0, kept);
    band.fill(0, band.length - kept);
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

function upscaleAlphaInto(image: Pixels, scale: number, out: Uint8Array) {
  const { width, height } = image;
  const alpha = new Float32Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = image.data[i * 4 + 3];
  const up = new Float32Array(alpha.length * scale * scale);
  lanczosUpscaleAdd(alpha, width, height, scale, up);
  for (let i = 0; i < up.length; i++) out[i * 4 + 3] = toByte(up[i]);
}
