/**
 * Fills a photo's mask with MI-GAN: each group of holes in a square window of photo around it (window.ts);
 * a window of at most 512 px runs at the photo's own resolution, a larger one coarse to fine (refine.ts).
 * Only pixels inside the mask are written; everything else is the input, byte for byte.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, mergeBoxes, type Box } from '../../lib/image/bitmap';
import { MIGAN_SIDE, type SquareFiller } from './migan.model';
import { refineWindow } from './refine';
import { fillSquare } from './square-fill';
import { cropRgb, pasteInsideMask, squareWindow } from './window';

export interface LearnedFillOptions {
  /** Windows wider than 512 px: refine the coarse fill at full resolution in tiles (default true). */
  refine?: boolean;
  /** More pixels the model must not see (the rest of an object being removed), filled but not written. */
  unknown?: Uint8Array;
}

export interface LearnedFillStats {
  windows: number;
  /** Runs of the model, coarse and refining. */
  runs: number;
}

/** The photo with `mask` (1 = fill) filled by the model; the input is not changed. RGB or RGBA. */
export async function learnedFill(
  image: RawImage,
  mask: Uint8Array,
  model: SquareFiller,
  options: LearnedFillOptions = {},
): Promise<{ image: RawImage; stats: LearnedFillStats }> {
  const { width: w, height: h, channels: c } = image;
  if (c < 3) throw new Error('the learned fill needs colour pixels');
  const out = image.data.slice();
  const windows = fillWindows(mask, w, h);
  const stats: LearnedFillStats = { windows: windows.length, runs: 0 };
  // Every window's run is started at once: the model works on its own threads, and the caller's thread is
  // free for other work (the exemplar fill) until they are all answered.
  const fills = await Promise.all(windows.map((box) => fillWindow(image, mask, box, model, options, stats)));
  fills.forEach((fill, k) => pasteInsideMask(out, w, c, mask, fill, windows[k]));
  return { image: { ...image, data: out }, stats };
}

/**
 * The windows the mask is filled in: one per group of holes whose windows overlap, each the square around
 * the group's holes with CONTEXT pixels of photo on every side.
 */
export function fillWindows(mask: Uint8Array, w: number, h: number): Box[] {
  const { boxes } = connectedComponents(mask, w, h);
  let groups = boxes.map((box) => ({ holes: box, window: squareWindow(box, w, h) }));
  for (let merged = true; merged;) {
    const joined = mergeBoxes(groups.map((g) => g.window));
    merged = joined.length < groups.length;
    groups = joined.map(({ members }) => {
      const holes = members.map((m) => groups[m].holes).reduce(union);
      return { holes, window: squareWindow(holes, w, h) };
    });
  }
  return groups.map((g) => g.window);
}

function union(a: Box, b: Box): Box {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

/** The window's RGB with its holes filled (floats, window-sized). */
async function fillWindow(
  image: RawImage,
  mask: Uint8Array,
  box: Box,
  model: SquareFiller,
  options: LearnedFillOptions,
  stats: LearnedFillStats,
): Promise<Float32Array> {
  const ww = box.x1 - box.x0;
  const wh = box.y1 - box.y0;
  const rgb = cropRgb(image.data, image.width, image.channels, box);
  const hole = new Uint8Array(ww * wh);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * image.width + x;
      hole[(y - box.y0) * ww + x - box.x0] = mask[i] || options.unknown?.[i] ? 1 : 0;
    }
  const coarse = await fillSquare(rgb, hole, ww, wh, model);
  stats.runs++;
  const refine = options.refine !== false && Math.max(ww, wh) > MIGAN_SIDE;
  if (!refine) return coarse;
  const result = await refineWindow(coarse, hole, ww, wh, model);
  stats.runs += result.runs;
  return result.fill;
}
