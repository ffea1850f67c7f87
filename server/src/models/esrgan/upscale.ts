import { detailPredict, planDetailRuns } from './detail';
import { helperRefiner } from './refine-worker';
import type { EsrganScale, EsrganVariant } from './model-paths';
import type { Precision } from './onnx-cache';
import { upscaleSettings, type UpscaleQuality, type UpscaleSettings } from './settings';
import { upscaleTiled, type Pixels, type Predict } from './upscale-tiled';

/** The model to run for a variant and precision (loaded once by the caller). */
export type ModelFor = (variant: EsrganVariant, precision: Precision) => Predict;

/**
 * Upscales with the settings of a quality: its model over every tile, or, where the settings ask for it, on
 * the detailed blocks only (detail.ts). Tiles are refined in a helper thread, on the second core.
 */
export function upscaleImage(
  image: Pixels,
  quality: UpscaleQuality,
  scale: EsrganScale,
  modelFor: ModelFor,
  onTile?: (done: number, total: number) => void,
  overrides: Partial<UpscaleSettings> = {},
): Promise<Pixels> {
  const { model, detail, refine, ...tiling } = { ...upscaleSettings(quality, scale), ...overrides };
  const run = modelFor(model.variant, model.precision);
  const refiner = helperRefiner;
  if (!detail) return upscaleTiled(image, { scale, ...tiling, refine, predict: run, onTile, refiner });
  const predict = detailPredict(image, scale, planDetailRuns(image, scale, detail), run, detail);
  return upscaleTiled(image, {
    scale,
    ...tiling,
    refine: { ...refine, lanczosResidual: true },
    predict,
    onTile,
    refiner,
  });
}
