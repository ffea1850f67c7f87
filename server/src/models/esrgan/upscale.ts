import { detailPredict, planDetailRuns } from './detail';
import type { EsrganScale, EsrganVariant } from './model-paths';
import type { Precision } from './onnx-cache';
import { upscaleSettings, type UpscaleSettings } from './settings';
import { upscaleTiled, type Pixels, type Predict } from './upscale-tiled';

/** The model to run for a variant and precision (loaded once by the caller). */
export type ModelFor = (variant: EsrganVariant, precision: Precision) => Predict;

/**
 * Upscales with the settings of a quality: the variant's model over tiles, or, where the settings ask for
 * it, the int8 thick model on the detailed blocks only (detail.ts).
 */
export function upscaleImage(
  image: Pixels,
  variant: EsrganVariant,
  scale: EsrganScale,
  modelFor: ModelFor,
  onTile?: (done: number, total: number) => void,
  overrides: Partial<UpscaleSettings> = {},
): Promise<Pixels> {
  const { detail, ...tiling } = { ...upscaleSettings(variant, scale), ...overrides };
  const predict = detail
    ? detailPredict(image, scale, planDetailRuns(image, scale, detail), modelFor('thick', 'int8'), detail)
    : modelFor(variant, 'fp32');
  return upscaleTiled(image, { scale, ...tiling, predict, onTile });
}
