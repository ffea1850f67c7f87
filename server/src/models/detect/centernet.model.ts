/**
 * CenterNet (MobileNetV3 backbone, COCO's 80 classes) as shipped in @vladmandic/human's models/ folder,
 * run on TF.js's wasm backend. Tensor contract: input `tower_0/images` 1x512x512x3 float32 RGB in 0..255
 * (the normalisation is folded into the first convolution; 0..1 input finds nothing); output
 * `tower_0/detections` 1x100x6 rows [x1, y1, x2, y2, score, class] in input pixels, class 0-based.
 */
import sharp from 'sharp';
import type { RawImage } from '../../lib/image/raw-image';
import { decodeRows, letterbox, nonMaxSuppression } from './decode';
import * as tf from '../runtime/tf';
import { loadGraphModel } from '../runtime/tfjs-graph-model';
import { humanModelsDir } from './model-paths';
import type { Detection } from './types';

export const CENTERNET_SIZE = 512;
/** Rows kept for the caller; the caller decides what is confident enough to act on. */
export const CANDIDATE_SCORE = 0.15;

export class CenternetModel {
  private model?: Promise<tf.GraphModel>;
  loadAttempts = 0;

  constructor(private readonly modelsDir = humanModelsDir()) {}

  /** Loads once; a failed load is forgotten so the next call retries. */
  load(): Promise<tf.GraphModel> {
    this.model ??= this.createModel().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  /** Every detection at or above CANDIDATE_SCORE, after non-maximum suppression, in image pixels. */
  async predict(image: RawImage): Promise<Detection[]> {
    const model = await this.load();
    const geometry = letterbox(image.width, image.height, CENTERNET_SIZE);
    const pixels = await letterboxPixels(image, geometry.inner);
    const input = tf.tensor4d(pixels, [1, CENTERNET_SIZE, CENTERNET_SIZE, 3]);
    try {
      const output = model.execute(input, ['tower_0/detections']) as tf.Tensor;
      const rows = await output.data();
      output.dispose();
      const candidates = decodeRows(rows as Float32Array, geometry, CANDIDATE_SCORE);
      return nonMaxSuppression(candidates, { sameClassIou: 0.45, crossClassIou: 0.7 });
    } finally {
      input.dispose();
    }
  }

  async dispose(): Promise<void> {
    const model = this.model;
    this.model = undefined;
    if (model) (await model).dispose();
  }

  private async createModel(): Promise<tf.GraphModel> {
    this.loadAttempts++;
    return loadGraphModel(this.modelsDir, 'centernet.json');
  }
}

/** The photo scaled into `inner` of a mid-grey square, as 0..255 floats (HWC). */
async function letterboxPixels(
  image: RawImage,
  inner: { x: number; y: number; width: number; height: number },
): Promise<Float32Array> {
  const src = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
  let pipeline = sharp(src, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (image.channels === 4) pipeline = pipeline.removeAlpha();
  if (image.channels === 1) pipeline = pipeline.toColourspace('srgb');
  const small = await pipeline.resize(inner.width, inner.height, { fit: 'fill' }).raw().toBuffer();
  const size = CENTERNET_SIZE;
  const out = new Float32Array(size * size * 3).fill(128);
  for (let y = 0; y < inner.height; y++) {
    let s = y * inner.width * 3;
    let o = ((y + inner.y) * size + inner.x) * 3;
    for (let x = 0; x < inner.width * 3; x++) out[o++] = small[s++];
  }
  return out;
}
