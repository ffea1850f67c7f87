import type { RawImage } from '../../../lib/image/raw-image';
import { AppError } from '../../../lib/errors';
import type { CropEdges } from '../edit-plan';
import { viaSharp } from './pixels';

export function rotate(image: RawImage, degrees: 90 | 180 | 270): Promise<RawImage> {
  return viaSharp(image, (p) => p.rotate(degrees));
}

export function flip(image: RawImage, axis: 'horizontal' | 'vertical'): Promise<RawImage> {
  // sharp's flop mirrors left to right, its flip top to bottom.
  return viaSharp(image, (p) => (axis === 'horizontal' ? p.flop() : p.flip()));
}

/**
 * "Crop out the bottom third": the strips named are cut away, each a share of the photo's height or width;
 * at least a tenth of each side stays, so no wish empties the photo.
 */
export function cropEdges(image: RawImage, edges: CropEdges): Promise<RawImage> {
  const cut = (a = 0, b = 0, size: number) => {
    const scale = Math.min(1, 0.9 / Math.max(1e-9, a + b));
    return [Math.round(a * scale * size), Math.round(b * scale * size)];
  };
  const [top, bottom] = cut(edges.top, edges.bottom, image.height);
  const [left, right] = cut(edges.left, edges.right, image.width);
  const region = { left, top, width: image.width - left - right, height: image.height - top - bottom };
  if (region.width === image.width && region.height === image.height) return Promise.resolve(image);
  return viaSharp(image, (p) => p.extract(region));
}

/**
 * The largest crop of the given shape, placed where the picture's interest is (libvips' attention strategy:
 * detail, saturation and skin tones) rather than blindly in the centre, and never scaled.
 */
export async function cropToAspect(
  image: RawImage,
  aspect: { width: number; height: number },
): Promise<RawImage> {
  const ratio = aspect.width / aspect.height;
  const width = Math.min(image.width, Math.round(image.height * ratio));
  const height = Math.min(image.height, Math.round(image.width / ratio));
  if (width === image.width && height === image.height) return image;
  return viaSharp(image, (p) => p.resize(width, height, { fit: 'cover', position: 'attention' }));
}

/**
 * Resizes to a width, a height, or both (then the photo is fitted inside that box, keeping its shape), or by a
 * factor. The result must stay within the plan's pixel limit.
 */
export async function resize(
  image: RawImage,
  size: { width?: number; height?: number; factor?: number },
  maxPixels: number,
): Promise<RawImage> {
  const scale =
    size.factor ??
    Math.min(
      size.width ? size.width / image.width : Infinity,
      size.height ? size.height / image.height : Infinity,
    );
  if (!Number.isFinite(scale)) throw new AppError('BAD_REQUEST', 'Say the width or height to resize to.');
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  if (width * height > maxPixels) {
    throw new AppError(
      'OUTPUT_TOO_LARGE',
      `${width}x${height} is larger than your plan allows (${Math.round(maxPixels / 1e6)} megapixels).`,
    );
  }
  if (width === image.width && height === image.height) return image;
  return viaSharp(image, (p) => p.resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));
}
