/**
 * The mark segmenter: a small U-Net trained in this project (scripts/watermark-detect/ says how) on photos
 * from Debian packages with marks drawn over them: text in any font, colour, angle and opacity, with outlines
 * and shadows; logos and overlapping translucent shapes in flat, gradient and several colours; tiled marks,
 * banners, date imprints and corner marks. It sees what the outline finders cannot: a translucent shape over
 * smooth sky, whose edge looks like an opaque one's, is still a shape laid over a photo.
 *
 * Tensor contract: input `image` 1x3xHxW float32, planar RGB 0..255, H and W multiples of 16; output `mark`
 * 1x1xHxW, the probability that each pixel lies under a mark.
 */
import * as ort from 'onnxruntime-node';
import type { RawImage } from '../../lib/image/raw-image';
import { loadOnce } from '../../lib/load-once';
import { onnxSession } from '../runtime/onnx-session';
import { sampleBilinear } from '../inpaint/float-image';
import { shrinkArea } from '../../lib/image/area-resample';

/** Long side the segmenter sees: the scale it was trained at (a 1024 px photo shrunk by 2). */
export const MARK_MAP_SIDE = 512;

let modelPath = new URL('./mark-segmenter.onnx', import.meta.url).pathname;

/**
 * Runs another network in place of the shipped one (a training run's candidate, for the benchmark and the
 * training scripts to compare). Call it before the first markProbability: a loaded network stays loaded.
 */
export function useMarkSegmenter(path: string): void {
  modelPath = path;
}

const load = loadOnce(() =>
  onnxSession({ graph: { file: modelPath }, threads: 2, interOpThreads: 1, graphOptimization: 'all' }),
);

const multipleOf16 = (v: number) => Math.max(16, Math.round(v / 16) * 16);

/** The segmenter's probability of a mark at every pixel of the image (its size), read bilinearly. */
export async function markProbability(image: RawImage): Promise<Float32Array> {
  const scale = Math.min(1, MARK_MAP_SIDE / Math.max(image.width, image.height));
  const width = multipleOf16(image.width * scale);
  const height = multipleOf16(image.height * scale);
  const small = shrinkArea(image, width, height);
  const n = width * height;
  const tensor = new Float32Array(3 * n);
  const { data, channels } = small;
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    for (let c = 0; c < 3; c++) tensor[c * n + i] = data[p + (channels >= 3 ? c : 0)];
  }
  const model = await load();
  const result = await model.run({ image: new ort.Tensor('float32', tensor, [1, 3, height, width]) });
  const output = result.mark;
  const map = output.data as Float32Array;
  const out = new Float32Array(image.width * image.height);
  const sx = width / image.width;
  const sy = height / image.height;
  const value = new Float32Array(1);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      sampleBilinear(map, width, height, 1, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5, value);
      out[y * image.width + x] = value[0];
    }
  }
  output.dispose();
  return out;
}
