import type { RawImage } from '../../lib/image/raw-image';
import { middle, type Placement } from './locate';

/** A photo's pixels in a mark box's frame: box pixel (x, y) is read at the placement's centre + scale * offset. */
export function alignedCrop(
  photo: RawImage,
  placement: Placement,
  width: number,
  height: number,
): Float32Array {
  const { data, width: pw, height: ph, channels: c } = photo;
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const fx = Math.min(pw - 1, Math.max(0, placement.cx + placement.scale * (x - middle(width))));
      const fy = Math.min(ph - 1, Math.max(0, placement.cy + placement.scale * (y - middle(height))));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(pw - 1, x0 + 1);
      const y1 = Math.min(ph - 1, y0 + 1);
      const ax = fx - x0;
      const ay = fy - y0;
      for (let k = 0; k < 3; k++) {
        const top = data[(y0 * pw + x0) * c + k] * (1 - ax) + data[(y0 * pw + x1) * c + k] * ax;
        const bottom = data[(y1 * pw + x0) * c + k] * (1 - ax) + data[(y1 * pw + x1) * c + k] * ax;
        out[(y * width + x) * 3 + k] = top * (1 - ay) + bottom * ay;
      }
    }
  return out;
}

/** An aligned crop as an 8-bit image, for the gradients of the mark's second estimate. */
export function cropAsImage(crop: Float32Array, width: number, height: number): RawImage {
  const data = new Uint8Array(crop.length);
  for (let i = 0; i < crop.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(crop[i])));
  return { data, width, height, channels: 3 };
}
