import type { UpscaleQuality } from '@common/schemas/mode-options';
import type { DetailOptions } from './detail';
import type { RefineOptions } from './refine';
import type { EsrganScale, EsrganVariant } from './model-paths';
import type { Precision } from './onnx-cache';

/** The qualities a person picks (UPSCALE_QUALITIES, in common with the options' schema); each runs as below. */
export type { UpscaleQuality };

export interface UpscaleSettings {
  model: { variant: EsrganVariant; precision: Precision };
  refine: Omit<RefineOptions, 'scale'>;
  tile: number;
  blend: number;
  context: number;
  /**
   * When set, the model runs only on the most detailed blocks and the centred Lanczos stands in elsewhere
   * (detail.ts), before the same back-projection; otherwise it runs on every tile.
   */
  detail?: DetailOptions;
}

/**
 * Per quality and scale, tuned on the upscale bench (docs/BENCHMARKS.md, "Upscale"). Slim adds texture that
 * real photos do not have, so it is blended with the centred Lanczos; thick is trusted fully. Medium's output
 * was worth hardly more than the Lanczos with back-projection, so balanced runs the int8 thick model instead, on
 * the quarter of 16-pixel blocks that a Lanczos round trip damages most (flat blocks never): most of the thick
 * model's gain at a fraction of its time. Tiles are sized so one tile's activations stay in a few hundred MB
 * (thick keeps 10x more feature maps) while the overlap (cross-fade plus context, 12 pixels a side) adds little
 * to the work; at 12 pixels a side tiled and whole differ by at most 1 level.
 */
export function upscaleSettings(quality: UpscaleQuality, scale: EsrganScale): UpscaleSettings {
  if (quality === 'balanced') {
    return {
      model: { variant: 'thick', precision: 'int8' },
      refine: { modelWeight: 1, backProjections: 2 },
      tile: 256,
      blend: 4,
      context: 8,
      detail: { block: 16, fraction: 0.25, context: 4, feather: 2, minScore: 1 },
    };
  }
  const best = quality === 'best';
  return {
    model: { variant: best ? 'thick' : 'slim', precision: 'fp32' },
    refine: { modelWeight: best ? 1 : scale === 2 ? 0.5 : 0.1, backProjections: 2 },
    tile: best ? 128 : 256,
    blend: 4,
    context: 8,
  };
}
