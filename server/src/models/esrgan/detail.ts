import { rgbRegionToNchw } from './preprocess';
import { downUpPlane, lanczosUpscaleRect } from './resample';
import type { Pixels, Predict, Region } from './upscale-tiled';

/**
 * The detail model on the detailed parts only. A photo's detail is concentrated: on the upscale bench the
 * thick model's gain over the Lanczos with back-projection comes mostly from the few blocks where a Lanczos
 * round trip (area-average down, enlarge back) loses the most. So the thick model runs on the top `fraction`
 * of `block`-pixel blocks ranked by that loss (adjacent ones merged into rectangles, each run with
 * `context` pixels of real image around it), and everywhere else the model's output is replaced by the
 * centred Lanczos. The two are cross-faded over `feather` source pixels on each side of a rectangle's
 * edge, and the result goes through the usual back-projection (refine.ts, model weight 1): with the
 * Lanczos in place of the model the back-projection gives exactly the "no model" result, so outside the
 * rectangles nothing changes.
 */
export interface DetailOptions {
  block: number;
  fraction: number;
  context: number;
  feather: number;
  /** Blocks whose round-trip loss is below this (mean squared levels) are never worth the model. */
  minScore: number;
}

/** A rectangle of selected blocks, in source pixels, clipped to the image: [x0, x1) x [y0, y1). */
export interface DetailRun {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Mean squared luma lost by a Lanczos round trip at `scale`, per block (row-major, cols x rows). */
export function detailScores(
  image: Pixels,
  scale: number,
  block: number,
): { cols: number; rows: number; score: Float32Array } {
  const { width, height, channels, data } = image;
  const y = new Float32Array(width * height);
  for (let i = 0; i < y.length; i++)
    y[i] = 0.299 * data[i * channels] + 0.587 * data[i * channels + 1] + 0.114 * data[i * channels + 2];
  const du = downUpPlane(y, width, height, scale);
  const cols = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const score = new Float32Array(cols * rows);
  const count = new Float32Array(cols * rows);
  for (let j = 0; j < height; j++) {
    const r = Math.floor(j / block) * cols;
    for (let i = 0; i < width; i++) {
      const d = y[j * width + i] - du[j * width + i];
      const b = r + Math.floor(i / block);
      score[b] += d * d;
      count[b]++;
    }
  }
  for (let b = 0; b < score.length; b++) score[b] /= count[b];
  return { cols, rows, score };
}

/**
 * Rectangles are at most this many blocks a side, so one model run's feature maps stay small (thick keeps
 * about 200 channels of its input's size) however large a detailed area is.
 */
const MAX_RUN_BLOCKS = 8;

/** The top `fraction` of blocks by detail score (flat blocks excluded), merged into rectangles. */
export function planDetailRuns(image: Pixels, scale: number, options: DetailOptions): DetailRun[] {
  const { block, fraction } = options;
  const { cols, rows, score } = detailScores(image, scale, block);
  const order = Array.from(score.keys()).sort((a, b) => score[b] - score[a]);
  const selected = new Uint8Array(score.length);
  const take = Math.round(fraction * score.length);
  for (let k = 0; k < take && score[order[k]] > options.minScore; k++) selected[order[k]] = 1;

  // Horizontal runs per block row, then runs with the same columns in consecutive rows merged.
  const runs: DetailRun[] = [];
  let open = new Map<string, DetailRun>();
  for (let r = 0; r < rows; r++) {
    const next = new Map<string, DetailRun>();
    for (let c = 0; c < cols;) {
      if (!selected[r * cols + c]) {
        c++;
        continue;
      }
      const c0 = c;
      while (c < cols && c - c0 < MAX_RUN_BLOCKS && selected[r * cols + c]) c++;
      const key = `${c0}:${c}`;
      const y1 = Math.min(image.height, (r + 1) * block);
      const run = open.get(key);
      if (run && run.y1 - run.y0 < MAX_RUN_BLOCKS * block) {
        run.y1 = y1;
        next.set(key, run);
      } else {
        const fresh = { x0: c0 * block, x1: Math.min(image.width, c * block), y0: r * block, y1 };
        runs.push(fresh);
        next.set(key, fresh);
      }
    }
    open = next;
  }
  return runs;
}

/** Weight of a rectangle's side [a, b) at source position t: linear ramps over [edge - f, edge + f]. */
function ramp(t: number, a: number, b: number, f: number, length: number): number {
  let w = 1;
  if (a > 0) w *= Math.min(1, Math.max(0, (t - (a - f)) / (2 * f)));
  if (b < length) w *= Math.min(1, Math.max(0, (b + f - t) / (2 * f)));
  return w;
}

/**
 * A Predict for upscaleTiled that returns, for each tile, what the detail model's output cross-faded in
 * over the planned rectangles changes in the centred Lanczos enlargement: zero away from them (an empty array
 * for a tile they do not reach), for refine's `lanczosResidual`, which adds the enlargement itself. Each rectangle runs once (kept until the tiles have
 * moved below it), however many tiles it touches.
 */
export function detailPredict(
  image: Pixels,
  scale: number,
  runs: DetailRun[],
  model: Predict,
  options: DetailOptions,
): Predict {
  const { context, feather: f } = options;
  const { width: imageWidth, height: imageHeight } = image;
  const done = new Map<DetailRun, { region: Region; out: Float32Array }>();
  const detailOf = async (run: DetailRun) => {
    let hit = done.get(run);
    if (!hit) {
      const x = Math.max(0, run.x0 - context);
      const y = Math.max(0, run.y0 - context);
      const region = {
        x,
        y,
        w: Math.min(imageWidth, run.x1 + context) - x,
        h: Math.min(imageHeight, run.y1 + context) - y,
      };
      const input = rgbRegionToNchw(image.data, imageWidth, image.channels, region);
      hit = { region, out: await model(input, region.w, region.h) };
      done.set(run, hit);
    }
    return hit;
  };

  return async (nchw, w, h, tile) => {
    if (!tile) throw new Error('detailPredict needs the tile region');
    const n = w * h;
    const W = w * scale;
    const N = n * scale * scale;
    for (const [run] of done) if (run.y1 + f < tile.y) done.delete(run);
    const touching = runs.filter(
      (r) => r.x0 - f < tile.x + w && r.x1 + f > tile.x && r.y0 - f < tile.y + h && r.y1 + f > tile.y,
    );
    // No change anywhere in the tile: refine takes an empty array for a difference of zero.
    if (touching.length === 0) return new Float32Array(0);
    // The part of the tile the rectangles reach, in output pixels relative to the tile: the sums are kept
    // for that box only.
    const reach = touching.map((run) => ({
      X0: Math.max(tile.x, run.x0 - f) * scale - tile.x * scale,
      X1: Math.min(tile.x + w, run.x1 + f) * scale - tile.x * scale,
      Y0: Math.max(tile.y, run.y0 - f) * scale - tile.y * scale,
      Y1: Math.min(tile.y + h, run.y1 + f) * scale - tile.y * scale,
    }));
    const bx = Math.min(...reach.map((r) => r.X0));
    const by = Math.min(...reach.map((r) => r.Y0));
    const bw = Math.max(...reach.map((r) => r.X1)) - bx;
    const bh = Math.max(...reach.map((r) => r.Y1)) - by;
    const B = bw * bh;
    const acc = new Float32Array(3 * B);
    const sum = new Float32Array(B);
    // U x where some rectangle reaches (where two reach, both give the same values).
    const lanczos = new Float32Array(3 * B);
    for (let k = 0; k < touching.length; k++) {
      const run = touching[k];
      const local = reach[k];
      const { region, out: t } = await detailOf(run);
      const RW = region.w * scale;
      const RN = RW * region.h * scale;
      const width = local.X1 - local.X0;
      for (let c = 0; c < 3; c++) {
        const u = lanczosUpscaleRect(nchw.subarray(c * n, (c + 1) * n), w, h, scale, local);
        for (let Y = local.Y0; Y < local.Y1; Y++)
          lanczos.set(
            u.subarray((Y - local.Y0) * width, (Y - local.Y0 + 1) * width),
            c * B + (Y - by) * bw + local.X0 - bx,
          );
      }
      // The rectangle's weight across the columns, once; down the rows, row by row.
      const gx = new Float64Array(width);
      for (let X = local.X0; X < local.X1; X++)
        gx[X - local.X0] = ramp((X + tile.x * scale + 0.5) / scale, run.x0, run.x1, f, imageWidth);
      for (let Y = local.Y0; Y < local.Y1; Y++) {
        const wy = ramp((Y + tile.y * scale + 0.5) / scale, run.y0, run.y1, f, imageHeight);
        if (wy === 0) continue;
        const dst = (Y - by) * bw + local.X0 - bx;
        const src =
          (Y + tile.y * scale - region.y * scale) * RW + tile.x * scale - region.x * scale + local.X0;
        for (let x = 0; x < width; x++) {
          const g = wy * gx[x];
          if (g === 0) continue;
          const d = dst + x;
          const s = src + x;
          sum[d] += g;
          acc[d] += g * t[s];
          acc[B + d] += g * t[RN + s];
          acc[2 * B + d] += g * t[2 * RN + s];
        }
      }
    }
    const out = new Float32Array(3 * N);
    for (let y = 0; y < bh; y++) {
      for (let x = 0, i = y * bw, o = (by + y) * W + bx; x < bw; x++, i++, o++) {
        const g = sum[i];
        if (g === 0) continue;
        const a = Math.min(1, g);
        for (let c = 0; c < 3; c++) out[c * N + o] = a * (acc[c * B + i] / g - lanczos[c * B + i]);
      }
    }
    return out;
  };
}
