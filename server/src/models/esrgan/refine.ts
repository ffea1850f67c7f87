import { boxDownscalePlane, downUpPlane, lanczosUpscaleAdd } from './resample';

/**
 * Why the shipped models alone lose to a centred Lanczos on real photos (measured, see docs/BENCHMARKS.md):
 * their output is aligned (a sub-pixel shift only lowers PSNR), but it is not consistent with its own input.
 * Area-averaged back down, the medium model's 2x output differs from the input by about 2.4 levels RMS: it
 * compresses contrast (gain 0.93-0.99 with an offset, per channel) and adds texture in flat areas. The
 * models were trained on bicubic-downscaled DIV2K, and real small photos (camera binning, area downscales)
 * are sharper and more aliased than that.
 *
 * The fix keeps the model's detail and restores fidelity to the input:
 * 1. blend the model's output with a centred Lanczos (weight per model and scale, tuned on the bench);
 * 2. iterative back-projection (Irani and Peleg 1991): add back the Lanczos-upscaled difference between
 *    the input and the area-averaged result, so the result reduces to the photo it came from.
 *
 * Everything there is linear, so it is computed in closed form with one enlargement. With U the centred
 * Lanczos enlargement, D the area average, M the model's output, x the input and w the model's weight:
 * c0 = w M + (1 - w) U x, and each round adds U r_k with r_k = x - D c_k. Since r_(k+1) = r_k - (D U) r_k,
 * the result is w M + U((1 - w) x + r_0 + ... + r_(K-1)), where r_0 = x - w D M - (1 - w) (D U) x and
 * D U is a small filter on the input's grid. The large image is touched by one area average and one
 * enlargement, whatever the number of rounds.
 */
export interface RefineOptions {
  scale: number;
  /** Weight of the model's output against the centred Lanczos, 0..1. */
  modelWeight: number;
  backProjections: number;
  /**
   * The model's output comes as its difference from U x (detail.ts, where it is zero away from the few
   * rectangles the model ran on, and an empty array stands for a difference of zero everywhere). With
   * M = U x + d the result is w d + U(x + r_0 + ... + r_(K-1)), where r_0 = x - (D U) x - w D d: the large
   * image then gets one enlargement and no copy of U x at all.
   */
  lanczosResidual?: boolean;
}

/**
 * Refines one model output in place. `model` is planar [channels, h * scale, w * scale] (the model's
 * NCHW output), `input` the planar [channels, h, w] image it was made from; returns `model`, or for an empty
 * difference (lanczosResidual) a new array.
 */
export function refinePlanar(
  model: Float32Array,
  input: Float32Array,
  width: number,
  height: number,
  channels: number,
  options: RefineOptions,
): Float32Array {
  const { scale, modelWeight: wm, backProjections, lanczosResidual } = options;
  const n = width * height;
  const W = width * scale;
  const N = n * scale * scale;
  // Weight of U x in the result outside the model's own term: all of it when the model gave a difference.
  const lanczosShare = lanczosResidual ? 1 : 1 - wm;
  const zero = lanczosResidual && model.length === 0;
  const output = zero ? new Float32Array(channels * N) : model;
  for (let c = 0; c < channels; c++) {
    const x = input.subarray(c * n, (c + 1) * n);
    const m = output.subarray(c * N, (c + 1) * N);
    const z = new Float32Array(n);
    if (backProjections > 0) {
      // r_0 = x - w D M - (1 - w) D U x, or with a difference d: x - w D d - D U x
      const dm = zero ? undefined : boxDownscalePlane(m, W, height * scale, scale);
      const dux = lanczosShare > 0 ? downUpPlane(x, width, height, scale) : undefined;
      let r: Float32Array = new Float32Array(n);
      for (let i = 0; i < n; i++) r[i] = x[i] - (dm ? wm * dm[i] : 0) - (dux ? lanczosShare * dux[i] : 0);
      for (let k = 0; ;) {
        for (let i = 0; i < n; i++) z[i] += r[i];
        if (++k === backProjections) break;
        const dur = downUpPlane(r, width, height, scale);
        for (let i = 0; i < n; i++) dur[i] = r[i] - dur[i];
        r = dur;
      }
    }
    if (lanczosShare > 0) for (let i = 0; i < n; i++) z[i] += lanczosShare * x[i];
    if (wm !== 1) for (let i = 0; i < N; i++) m[i] *= wm;
    if (backProjections > 0 || lanczosShare > 0) lanczosUpscaleAdd(z, width, height, scale, m);
  }
  return output;
}
