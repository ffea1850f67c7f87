import type { RefineOptions } from './refine';
import type { EsrganScale, EsrganVariant } from './model-paths';

export interface UpscaleSettings {
  refine: Omit<RefineOptions, 'scale'>;
  tile: number;
  blend: number;
  context: number;
}

/**
 * Per model and scale, tuned on the upscale bench (docs/BENCHMARKS.md). Slim and medium add texture that
 * real photos do not have, so they are blended with the centred Lanczos; thick is trusted fully. At 4x their
 * output is worth little (17-photo bench: medium +0.42 dB over the Lanczos at weight 0.1, +0.34 at 0.3, and
 * Lanczos plus back-projection alone +0.41), so its weight is low there. Tiles are
 * sized so one tile's activations stay in a few hundred MB (thick keeps 10x more feature maps) while the
 * overlap (cross-fade plus context, 12 pixels a side) adds about 15% to the work at 1024x1024. Tiled
 * against whole, 12 pixels a side differ by at most 1 level (0.015 RMS; 20 a side: 0.001), and the blend
 * with the Lanczos plus back-projection keeps PSNR unchanged to 0.001 dB.
 */
export function upscaleSettings(variant: EsrganVariant, scale: EsrganScale): UpscaleSettings {
  const modelWeight = variant === 'thick' ? 1 : scale === 2 ? 0.5 : 0.1;
  return {
    refine: { modelWeight, backProjections: 2 },
    tile: variant === 'thick' ? 128 : 256,
    blend: 4,
    context: 8,
  };
}
