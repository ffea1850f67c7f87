/**
 * The learned 2x of JPEG luma: a small convolutional network (3x3 layers of 32 channels at the photo's size
 * and of 64 at half its size, about 270,000 weights) trained in this project on photos from Debian packages
 * (scripts/face-restore/ says how), shipped beside this file. It sees the luma of a shrunk, perhaps blurred,
 * JPEG-compressed photo and the JPEG quality, and gives the luma at twice the size: a centred Lanczos 2x plus
 * the correction it learned, which removes the blocks and ringing and restores the edges the shrinking
 * softened. Having learned from pairs, it tells texture from rounding error by what photos look like, which
 * the classical clean-up it replaced could not.
 *
 * Tensor contract: inputs `luma` 1x1xHxW (0..1) and `quality` 1x1xHxW (quality / 100; 1 without a JPEG
 * grid), output `luma2x` 1x1x2Hx2W (0..1). The crop given to it should start on the JPEG's 8-pixel grid, as
 * its training patches did.
 */
import * as ort from 'onnxruntime-node';
import { loadOnce } from '../../lib/load-once';

const MODEL_FILE = new URL('./jpeg-2x-luma.onnx', import.meta.url).pathname;

// One thread: the pool's threads each run a strip of the photo at the same time.
const load = loadOnce(() =>
  ort.InferenceSession.create(MODEL_FILE, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  }),
);

/** Input pixels of a tile's own square, and of context around it (the network's view reaches 17 pixels). */
const TILE = 256;
const TILE_CONTEXT = 24;

/**
 * The 2x of a luma plane (0..255, width x height) by the network, tile by tile so that its feature maps stay
 * small whatever the photo's size; `quality` is the JPEG quality the photo was saved at, or null for a photo
 * without a JPEG grid. The plane should start on the JPEG's 8-pixel grid; tiles and their context keep to it.
 */
export async function learned2x(
  plane: Float32Array,
  width: number,
  height: number,
  quality: number | null,
): Promise<Float32Array> {
  const large = new Float32Array(4 * width * height);
  for (let top = 0; top < height; top += TILE)
    for (let left = 0; left < width; left += TILE) {
      const x0 = Math.max(0, left - TILE_CONTEXT);
      const y0 = Math.max(0, top - TILE_CONTEXT);
      const x1 = Math.min(width, left + TILE + TILE_CONTEXT);
      const y1 = Math.min(height, top + TILE + TILE_CONTEXT);
      const tile = await runTile(plane, width, { x0, y0, x1, y1 }, quality);
      const w = 2 * (x1 - x0);
      const right = Math.min(width, left + TILE);
      for (let y = 2 * top; y < 2 * Math.min(height, top + TILE); y++) {
        const from = (y - 2 * y0) * w + 2 * (left - x0);
        large.set(tile.subarray(from, from + 2 * (right - left)), y * 2 * width + 2 * left);
      }
    }
  return large;
}

/**
 * The network runs on the tile and on its mirror image (a face is nearly symmetric left to right), and the two
 * results, the second mirrored back, are averaged: +0.03 dB in the bench's tuning faces for twice the
 * network's time. Four mirror images (adding the upside-down ones) gave +0.05 dB, but took the 1-megapixel
 * photo past its time goal.
 */
const FLIPS: [boolean, boolean][] = [
  [false, false],
  [true, false],
];

/** The network's 2x of one window of the plane (0..255 in and out, 2x the window's size). */
async function runTile(
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
  const model = await load();
  const outWidth = 2 * (x1 - x0);
  const outHeight = 2 * (y1 - y0);
  const tile = new Float32Array(outWidth * outHeight);
  const flipped = new Float32Array(w * h);
  for (const [fx, fy] of FLIPS) {
    for (let y = 0; y < h; y++) {
      const from = (fy ? h - 1 - y : y) * w;
      for (let x = 0; x < w; x++) flipped[y * w + x] = luma[from + (fx ? w - 1 - x : x)];
    }
    const result = await model.run({ luma: new ort.Tensor('float32', flipped, [1, 1, h, w]), quality: q });
    const output = result.luma2x;
    const data = output.data as Float32Array;
    const scale = 255 / FLIPS.length;
    for (let y = 0; y < outHeight; y++) {
      const row = (fy ? 2 * h - 1 - y : y) * 2 * w;
      for (let x = 0; x < outWidth; x++)
        tile[y * outWidth + x] += scale * data[row + (fx ? 2 * w - 1 - x : x)];
    }
    output.dispose();
  }
  return tile;
}
