import { boxDownscale, lanczosUpscale, type FloatImage } from './resample';

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
 */
export interface RefineOptions {
  scale: number;
  /** Weight of the model's output against the centred Lanczos, 0..1. */
  modelWeight: number;
  backProjections: number;
}

export function refine(model: FloatImage, input: FloatImage, options: RefineOptions): FloatImage {
  const { scale, modelWeight, backProjections } = options;
  const current = new Float32Array(model.data);
  if (modelWeight < 1) {
    const classic = lanczosUpscale(input, scale).data;
    for (let i = 0; i < current.length; i++)
      current[i] = modelWeight * current[i] + (1 - modelWeight) * classic[i];
  }
  const image: FloatImage = { ...model, data: current };
  for (let k = 0; k < backProjections; k++) {
    const down = boxDownscale(image, scale);
    for (let i = 0; i < down.data.length; i++) down.data[i] = input.data[i] - down.data[i];
    const correction = lanczosUpscale(down, scale).data;
    for (let i = 0; i < current.length; i++) current[i] += correction[i];
  }
  return image;
}
