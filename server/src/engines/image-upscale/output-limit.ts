import { AppError } from '../../lib/errors';

/** Whether an upscale's result stays within the plan's pixel cap. */
export function fitsOutput(width: number, height: number, scale: number, maxOutputPixels: number): boolean {
  return width * scale * height * scale <= maxOutputPixels;
}

/** Refuses, before any work, an upscale whose result would exceed the plan's pixel cap. */
export function checkOutputSize(width: number, height: number, scale: number, maxOutputPixels: number): void {
  const outW = width * scale;
  const outH = height * scale;
  if (!fitsOutput(width, height, scale, maxOutputPixels)) {
    const limit = (maxOutputPixels / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 });
    const asked = ((outW * outH) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 });
    throw new AppError(
      'OUTPUT_TOO_LARGE',
      `A ${scale}x upscale of this ${width}x${height} photo would be ${outW}x${outH} (${asked} megapixels), above your plan's limit of ${limit} megapixels. ${scale > 2 ? 'Choose 2x or a smaller photo.' : 'Choose a smaller photo.'}`,
      { maxOutputPixels, outputWidth: outW, outputHeight: outH },
    );
  }
}
