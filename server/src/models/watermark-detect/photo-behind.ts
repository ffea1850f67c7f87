import type { RawImage } from '../../lib/image/raw-image';
import { boxMean } from '../text-marks/maps';

/**
 * The photo behind a mark: at each pixel, the mean colour (one plane per RGB channel) of the pixels within
 * `radius` that are outside `hidden` (a normalised box filter; four times as far where none is that near), so
 * the estimate never sees the mark itself.
 */
export function photoBehind(image: RawImage, hidden: Uint8Array, radius: number): Float32Array[] {
  const { width, height, data, channels } = image;
  const n = width * height;
  const weight = new Float32Array(n);
  for (let i = 0; i < n; i++) weight[i] = hidden[i] ? 0 : 1;
  const share = boxMean(weight, width, height, radius);
  const wide = boxMean(weight, width, height, radius * 4);
  return [0, 1, 2].map((c) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = weight[i] * data[i * channels + Math.min(c, channels - 1)];
    const near = boxMean(plane, width, height, radius);
    const far = boxMean(plane, width, height, radius * 4);
    for (let i = 0; i < n; i++)
      plane[i] = share[i] > 0.05 ? near[i] / share[i] : wide[i] > 0 ? far[i] / wide[i] : data[i * channels];
    return plane;
  });
}
