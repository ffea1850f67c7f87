/**
 * The learned 2x of JPEG luma: small convolutional networks trained in this project on photos from Debian
 * packages (scripts/face-restore/ says how), shipped beside this file. They see the luma of a shrunk, perhaps
 * blurred, JPEG-compressed photo and the JPEG quality, and give the luma at twice the size: a centred Lanczos
 * 2x plus the correction they learned, which removes the blocks and ringing and restores the edges the
 * shrinking softened. Having learned from pairs, they tell texture from rounding error by what photos look
 * like, which the classical clean-up they replaced could not.
 * - The whole photo: 3x3 layers of 32 channels at the photo's size and of 64 at half its size (about 270,000
 *   weights), run on each tile and its mirror image.
 * - Faces, where people look, get a second opinion averaged in: a larger network (48 and 96 channels, about
 *   770,000 weights) trained with a share of its patches on faces. Two networks trained apart make different
 *   errors, so their mean is closer to the truth than either.
 *
 * Tensor contract of both: inputs `luma` 1x1xHxW (0..1) and `quality` 1x1xHxW (quality / 100; 1 without a
 * JPEG grid), output `luma2x` 1x1x2Hx2W (0..1). The crop given to them should start on the JPEG's 8-pixel
 * grid, as their training patches did.
 */
import * as ort from 'onnxruntime-node';
import { loadOnce } from '../../lib/load-once';
import { onnxSession } from '../runtime/onnx-session';
import type { FaceBox } from '../face/types';

// One thread: the pool's threads each run a strip of the photo at the same time.
const session = (file: string) =>
  loadOnce(() =>
    onnxSession({
      graph: { file: new URL(file, import.meta.url).pathname },
      threads: 1,
      interOpThreads: 1,
      graphOptimization: 'all',
    }),
  );
const photoModel = session('./jpeg-2x-luma.onnx');
const faceModel = session('./jpeg-2x-luma-faces.onnx');

/**
 * Input pixels of a tile's own square at most, and of context around it (the networks' views reach 17 and 21
 * pixels, so a pixel's result does not depend on the tile it falls in).
 */
const TILE = 384;
const TILE_CONTEXT = 24;

/**
 * Where the tiles along one side of a window start, and their size: as few tiles as fit TILE, all alike (a
 * multiple of 8, so each starts on the JPEG grid). Equal tiles waste no network time on the context of a thin
 * last one: a face's window of 280 px is one tile, where tiles of a fixed 256 px made it two.
 */
export function tileStarts(from: number, to: number): { starts: number[]; size: number } {
  const count = Math.max(1, Math.ceil((to - from) / TILE));
  const size = Math.ceil((to - from) / count / 8) * 8;
  const starts: number[] = [];
  for (let s = from; s < to; s += size) starts.push(s);
  return { starts, size };
}

/** The face network's share of the mean where it applies: tried on the bench's tuning faces. */
const FACE_OPINION = 0.5;
/** The face box grown by this share of its side gets the full second opinion, fading out over FACE_FEATHER. */
const FACE_GROW = 0.1;
const FACE_FEATHER = 0.2;

/** A window of the plane, in its pixels: [x0, x1) x [y0, y1). */
interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The 2x of a luma plane (0..255, width x height); `quality` is the JPEG quality the photo was saved at, or
 * null for a photo without a JPEG grid; `faces` (in the plane's pixels) get the face network's opinion. The
 * plane should start on the JPEG's 8-pixel grid; tiles and their context keep to it.
 */
export async function learned2x(
  plane: Float32Array,
  width: number,
  height: number,
  quality: number | null,
  faces: readonly FaceBox[] = [],
): Promise<Float32Array> {
  const whole = { x0: 0, y0: 0, x1: width, y1: height };
  const large = await windowed2x(await photoModel(), FLIPS, plane, width, height, whole, quality);
  // How much of the face network each output pixel holds already, where faces' windows overlap.
  const applied = new Float32Array(faces.length ? large.length : 0);
  for (const box of faces) await addFaceOpinion(large, applied, plane, width, height, box, quality);
  return large;
}

/**
 * Averages the face network's 2x into `large` over one face: at FACE_OPINION on the face box grown by
 * FACE_GROW, fading to nothing over FACE_FEATHER beyond it. A pixel two faces reach keeps the larger share.
 */
async function addFaceOpinion(
  large: Float32Array,
  applied: Float32Array,
  plane: Float32Array,
  width: number,
  height: number,
  box: FaceBox,
  quality: number | null,
): Promise<void> {
  const size = Math.max(box.width, box.height);
  const feather = Math.max(2, FACE_FEATHER * size);
  const grow = FACE_GROW * size + feather;
  const outer = {
    x: box.x - grow,
    y: box.y - grow,
    width: box.width + 2 * grow,
    height: box.height + 2 * grow,
  };
  // Grid-aligned on the left and top, as every crop given to the networks is.
  const x0 = Math.max(0, Math.floor(outer.x / 8) * 8);
  const y0 = Math.max(0, Math.floor(outer.y / 8) * 8);
  const x1 = Math.min(width, Math.ceil(outer.x + outer.width));
  const y1 = Math.min(height, Math.ceil(outer.y + outer.height));
  if (x1 - x0 < 8 || y1 - y0 < 8) return;
  const window = { x0, y0, x1, y1 };
  const opinion = await windowed2x(
    await faceModel(),
    [[false, false]],
    plane,
    width,
    height,
    window,
    quality,
  );
  const ramp = (u: number, from: number, to: number) =>
    Math.min(1, Math.max(0, (u - from) / feather), Math.max(0, (to - u) / feather));
  const w = 2 * (x1 - x0);
  for (let y = 2 * y0; y < 2 * y1; y++) {
    const wy = ramp((y + 0.5) / 2, outer.y, outer.y + outer.height);
    if (wy <= 0) continue;
    for (let x = 2 * x0; x < 2 * x1; x++) {
      const weight = wy * ramp((x + 0.5) / 2, outer.x, outer.x + outer.width);
      const i = y * 2 * width + x;
      const before = applied[i];
      if (weight <= before) continue;
      const s = opinion[(y - 2 * y0) * w + (x - 2 * x0)];
      // The photo network's own value, from the mean this pixel holds already.
      const own = (large[i] - FACE_OPINION * before * s) / (1 - FACE_OPINION * before);
      large[i] = own + FACE_OPINION * weight * (s - own);
      applied[i] = weight;
    }
  }
}

/** The 2x of `window` of the plane by `model`, tile by tile, each tile reading context from the whole plane. */
async function windowed2x(
  model: ort.InferenceSession,
  flips: readonly (readonly [boolean, boolean])[],
  plane: Float32Array,
  width: number,
  height: number,
  window: Window,
  quality: number | null,
): Promise<Float32Array> {
  const outWidth = 2 * (window.x1 - window.x0);
  const large = new Float32Array(outWidth * 2 * (window.y1 - window.y0));
  const rows = tileStarts(window.y0, window.y1);
  const columns = tileStarts(window.x0, window.x1);
  for (const top of rows.starts)
    for (const left of columns.starts) {
      const x0 = Math.max(0, left - TILE_CONTEXT);
      const y0 = Math.max(0, top - TILE_CONTEXT);
      const x1 = Math.min(width, left + columns.size + TILE_CONTEXT);
      const y1 = Math.min(height, top + rows.size + TILE_CONTEXT);
      const tile = await runTile(model, flips, plane, width, { x0, y0, x1, y1 }, quality);
      const w = 2 * (x1 - x0);
      const right = Math.min(window.x1, left + columns.size);
      const bottom = Math.min(window.y1, top + rows.size);
      for (let y = 2 * top; y < 2 * bottom; y++) {
        const from = (y - 2 * y0) * w + 2 * (left - x0);
        large.set(
          tile.subarray(from, from + 2 * (right - left)),
          (y - 2 * window.y0) * outWidth + 2 * (left - window.x0),
        );
      }
    }
  return large;
}

/**
 * The network runs on the tile and on its mirror image (a face is nearly symmetric left to right), and the two
 * results, the second mirrored back, are averaged: a small gain for twice the network's time. Four mirror
 * images (adding the upside-down ones) gained a little more but took the 1-megapixel photo past its time goal
 * (docs/lab/face-enhancement.md).
 */
const FLIPS: (readonly [boolean, boolean])[] = [
  [false, false],
  [true, false],
];

/** The network's 2x of one window of the plane (0..255 in and out, 2x the window's size). */
async function runTile(
  model: ort.InferenceSession,
  flips: readonly (readonly [boolean, boolean])[],
  plane: Float32Array,
  width: number,
  { x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number },
  quality: number | null,
): Promise<Float32Array> {
  // The network halves its features once, so it takes even sides: edges are repeated up to a multiple of 8.
  const w = Math.ceil((x1 - x0) / 8) * 8;
  const h = Math.ceil((y1 - y0) / 8) * 8;
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = Math.min(y0 + y, y1 - 1) * width;
    for (let x = 0; x < w; x++) luma[y * w + x] = plane[row + Math.min(x0 + x, x1 - 1)] / 255;
  }
  const q = new ort.Tensor('float32', new Float32Array(w * h).fill(quality === null ? 1 : quality / 100), [
    1,
    1,
    h,
    w,
  ]);
  const outWidth = 2 * (x1 - x0);
  const outHeight = 2 * (y1 - y0);
  const tile = new Float32Array(outWidth * outHeight);
  const flipped = new Float32Array(w * h);
  for (const [fx, fy] of flips) {
    for (let y = 0; y < h; y++) {
      const from = (fy ? h - 1 - y : y) * w;
      for (let x = 0; x < w; x++) flipped[y * w + x] = luma[from + (fx ? w - 1 - x : x)];
    }
    const result = await model.run({ luma: new ort.Tensor('float32', flipped, [1, 1, h, w]), quality: q });
    const output = result.luma2x;
    const data = output.data as Float32Array;
    const scale = 255 / flips.length;
    for (let y = 0; y < outHeight; y++) {
      const row = (fy ? 2 * h - 1 - y : y) * 2 * w;
      for (let x = 0; x < outWidth; x++)
        tile[y * outWidth + x] += scale * data[row + (fx ? 2 * w - 1 - x : x)];
    }
    output.dispose();
  }
  return tile;
}
