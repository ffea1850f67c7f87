import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertKerasToOnnx, loadKerasModel, subPixelConv } from './keras-to-onnx';
import { inputRange, kerasModelFolder, type EsrganScale, type EsrganVariant } from './model-paths';

/** The thick model's custom layers, as @upscalerjs/esrgan-thick registers them for TF.js. */
function registerThickLayers() {
  const first = (x: tf.Tensor | tf.Tensor[]) => (Array.isArray(x) ? x[0] : x);
  class MultiplyBeta extends tf.layers.Layer {
    static className = 'MultiplyBeta';
    override call(x: tf.Tensor | tf.Tensor[]) {
      return tf.mul(first(x), 0.2);
    }
  }
  tf.serialization.registerClass(MultiplyBeta);
  for (const s of [2, 4]) {
    class PixelShuffle extends tf.layers.Layer {
      static className = `PixelShuffle${s}x`;
      override computeOutputShape(shape: tf.Shape) {
        return [shape[0], shape[1], shape[2], 3] as tf.Shape;
      }
      override call(x: tf.Tensor | tf.Tensor[]) {
        return tf.depthToSpace(first(x) as tf.Tensor4D, s, 'NHWC');
      }
    }
    tf.serialization.registerClass(PixelShuffle);
  }
}

async function compare(variant: EsrganVariant, scale: EsrganScale, h: number, w: number) {
  const { model, shards } = loadKerasModel(kerasModelFolder(variant, scale));
  const weightData = new Uint8Array(shards.reduce((n, s) => n + s.length, 0));
  shards.reduce((at, s) => (weightData.set(s, at), at + s.length), 0);
  const reference = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: model.modelTopology as never,
      weightSpecs: model.weightsManifest.flatMap((g) => g.weights) as never,
      weightData: weightData.buffer,
    }),
  );
  const pixels = new Float32Array(h * w * 3).map((_, i) => (i * 37 + ((i * i) % 17)) % 256);
  const range = inputRange(variant);
  const expected = tf.tidy(() =>
    (reference.predict(tf.tensor4d(pixels, [1, h, w, 3]).div(255 / range)) as tf.Tensor)
      .mul(255 / range)
      .dataSync(),
  );
  const sut = await ort.InferenceSession.create(
    convertKerasToOnnx(model, shards, { inputRange: range, name: `${variant}-x${scale}` }),
  );
  const nchw = new Float32Array(3 * h * w);
  for (let i = 0; i < h * w; i++) for (let c = 0; c < 3; c++) nchw[c * h * w + i] = pixels[i * 3 + c];
  const { upscaled } = await sut.run({ image: new ort.Tensor('float32', nchw, [1, 3, h, w]) });
  expect(upscaled.dims).toEqual([1, 3, h * scale, w * scale]);
  const plane = h * w * scale * scale;
  const out = upscaled.data as Float32Array;
  let maxDiff = 0;
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++)
      maxDiff = Math.max(maxDiff, Math.abs(out[c * plane + i] - expected[i * 3 + c]));
  return maxDiff;
}

describe('Keras to ONNX converter', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    registerThickLayers();
  });

  it('medium x2 (nearest upsampling folded into a sub-pixel convolution) matches TF.js', async () => {
    expect(await compare('medium', 2, 12, 10)).toBeLessThan(0.01);
  });

  it('slim x4 matches TF.js', async () => {
    expect(await compare('slim', 4, 9, 11)).toBeLessThan(0.01);
  });

  it('thick x2 (0..1 range, beta scaling, pixel shuffle) matches TF.js', async () => {
    expect(await compare('thick', 2, 4, 5)).toBeLessThan(0.01);
  });

  it('rewrites upsample-then-convolve exactly, borders included', () => {
    const [k, ci, co, s, h, w] = [3, 2, 3, 4, 3, 4];
    const kernel = {
      name: 'k',
      dims: [k, k, ci, co],
      data: new Float32Array(k * k * ci * co).map((_, i) => Math.sin(i)),
    };
    const bias = { name: 'b', dims: [co], data: new Float32Array([0.5, -1, 2]) };
    const x = new Float32Array(h * w * ci).map((_, i) => Math.cos(i * 1.3));
    const at = (y: number, xx: number, c: number) =>
      y < 0 || xx < 0 || y >= h * s || xx >= w * s
        ? 0
        : x[(Math.floor(y / s) * w + Math.floor(xx / s)) * ci + c];
    const sut = subPixelConv(kernel, bias, s);
    const K = sut.weight.dims[2];
    for (let Y = 0; Y < h * s; Y++)
      for (let X = 0; X < w * s; X++)
        for (let o = 0; o < co; o++) {
          let direct = bias.data[o];
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++)
              for (let c = 0; c < ci; c++)
                direct += kernel.data[(((dy + 1) * k + dx + 1) * ci + c) * co + o] * at(Y + dy, X + dx, c);
          const oc = ((Y % s) * s + (X % s)) * co + o;
          let folded = sut.bias.data[oc];
          for (let ey = 0; ey < K; ey++)
            for (let ex = 0; ex < K; ex++)
              for (let c = 0; c < ci; c++) {
                const y = Math.floor(Y / s) + ey - sut.pad;
                const xx = Math.floor(X / s) + ex - sut.pad;
                if (y >= 0 && xx >= 0 && y < h && xx < w)
                  folded += sut.weight.data[((oc * ci + c) * K + ey) * K + ex] * x[(y * w + xx) * ci + c];
              }
          expect(folded).toBeCloseTo(direct, 4);
        }
  });
});
