/**
 * The face's own fine structure given back its weight after the learned 2x. Over a face the 2x is the mean of
 * two networks' opinions (learned-2x.ts), and there its finest bands come out weaker than the truth's where
 * the structure is strongest: eyelashes, strands of hair and beard, the edges of wrinkles, lips and glasses.
 * Each band is raised in proportion to how much of it the 2x holds at that place, measured against the face's
 * own level, so a faint old photo's texture counts as a crisp portrait's does, and flat skin, where the band
 * is only the JPEG's leftover rounding, is left as it is. Nothing is added that the 2x did not hold.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { FaceBox } from '../face/types';
import { blur, gaussian } from './filters';

/**
 * The bands raised (Gaussian sigmas, output pixels: the finest from the pixel itself to 0.6, the next from 0.6
 * to 1.2), the most each is raised by, and the local energy, as a multiple of the region's mean, at which it
 * gets half of that. Chosen on the face benchmark's tuning faces.
 */
export const DETAIL_BANDS = [
  { from: 0, to: 0.6, gain: 0.9, knee: 4 },
  { from: 0.6, to: 1.2, gain: 1.2, knee: 8 },
] as const;

/**
 * The change to the luma `y` of a face's region (width x height; `size` the face's longer side in its pixels)
 * that raises its fine bands where they are strong.
 */
export function detailChange(y: Float32Array, width: number, height: number, size: number): Float32Array {
  const n = width * height;
  const change = new Float32Array(n);
  const near = Math.max(2, size * 0.01);
  for (const { from, to, gain, knee } of DETAIL_BANDS) {
    const fine = from > 0 ? gaussian(y, width, height, from) : y;
    const coarse = gaussian(y, width, height, to);
    const band = new Float32Array(n);
    const squared = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      band[i] = fine[i] - coarse[i];
      squared[i] = band[i] * band[i];
    }
    const energy = blur(squared, width, height, near);
    let total = 0;
    for (let i = 0; i < n; i++) total += energy[i];
    const half = (knee * total) / n;
    if (half <= 0) continue;
    for (let i = 0; i < n; i++) change[i] += (gain * band[i] * energy[i]) / (energy[i] + half);
  }
  return change;
}

export interface RegionDetail {
  /** The face's region in the image's pixels. */
  roi: FaceBox;
  /** The face's longer side, in the image's pixels. */
  size: number;
  /** detailChange over the region. */
  change: Float32Array;
}

/**
 * Adds the regions' changes to `image` in place, each fading to nothing at its region's edge; where regions
 * overlap (faces side by side) their changes are averaged, so a face next to another is not raised twice.
 * Each pixel is rounded once.
 * The same change goes to each colour channel, so colour is kept; alpha is left as it is.
 */
export function addDetail(image: RawImage, regions: readonly RegionDetail[]): void {
  const { width, channels } = image;
  const colours = channels >= 3 ? 3 : 1;
  regions.forEach(({ roi }, k) => {
    for (let r = 0; r < roi.height; r++)
      for (let x = 0; x < roi.width; x++) {
        const [px, py] = [roi.x + x, roi.y + r];
        // Each pixel once, by the first region that reaches it, with every region's change there.
        let earlier = false;
        for (let j = 0; j < k && !earlier; j++) earlier = fadeAt(regions[j], px, py) > 0;
        if (earlier) continue;
        let sum = 0;
        let weight = 0;
        let most = 0;
        for (const other of regions) {
          const fade = fadeAt(other, px, py);
          if (fade <= 0) continue;
          sum += fade * other.change[(py - other.roi.y) * other.roi.width + px - other.roi.x];
          weight += fade;
          most = Math.max(most, fade);
        }
        if (weight <= 0) continue;
        // The regions' changes averaged, faded by the nearest to whole of them.
        const d = (most * sum) / weight;
        const i = (py * width + px) * channels;
        for (let c = 0; c < colours; c++) image.data[i + c] = clamp8(image.data[i + c] + d);
      }
  });
}

/** A region's weight at an image pixel: 1 inside, falling to 0 at its edge over a twentieth of the face's size. */
function fadeAt({ roi, size }: Pick<RegionDetail, 'roi' | 'size'>, px: number, py: number): number {
  const [x, y] = [px - roi.x, py - roi.y];
  if (x < 0 || y < 0 || x >= roi.width || y >= roi.height) return 0;
  const edge = Math.max(2, size * 0.05);
  return Math.max(
    0,
    Math.min(1, x / edge, (roi.width - 1 - x) / edge, y / edge, (roi.height - 1 - y) / edge),
  );
}

const clamp8 = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
