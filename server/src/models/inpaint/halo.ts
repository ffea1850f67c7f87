import type { FloatImage } from './float-image';
import { connectedComponents, dilate, distanceOutside } from '../../lib/image/bitmap';
import { teleaInpaint } from './telea';

/** Bands (pixels outside the mask) examined for a halo, and the strongest halo followed. */
const HALO_BANDS = 5;
const HALO_MAX_GROW = 3;
/** Share of the mark's effect that must be colour, not brightness, for a halo to be looked for. */
const HALO_MIN_CHROMA = 0.3;
/** Chroma shift (8-bit levels) of the first band that counts as a halo; later bands need HALO_NEXT. */
const HALO_FIRST = 6;
const HALO_NEXT = 3;

/**
 * Lossy storage smears a mark beyond its own edge: JPEG and WebP keep colour at half resolution, so a
 * saturated mark tints the 1-3 pixels around it even when the mask follows the mark exactly. Filled from
 * that tinted edge, the mark comes back as a faint ghost. Per group of nearby mask parts, this measures
 * how far the pixels of each band outside the mask stray, in the direction in which the mark changes the
 * photo, from a diffusion guess made from farther out, and returns the mask grown over the bands where a
 * halo shows: a strong first band that fades quickly. Photo texture averages out over a band, and a halo
 * is told from structure that merely continues past the mask by that fast fall-off. Unchanged when no
 * halo is found (lossless inputs with exact masks).
 */
export function growOverHalo(image: FloatImage, mask: Uint8Array, background: Float32Array): Uint8Array {
  const { width: w, height: h, channels: c, data } = image;
  if (c < 3) return mask;
  const near = dilate(mask, w, h, HALO_BANDS);
  const guess = data.slice();
  teleaInpaint({ ...image, data: guess }, near, 4);
  const band = distanceOutside(mask, w, h, HALO_BANDS + 1);
  const { labels, count } = connectedComponents(near, w, h);
  const dir = new Float64Array((count + 1) * 3);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || !labels[i]) continue;
    for (let k = 0; k < 3; k++) dir[labels[i] * 3 + k] += data[i * c + k] - background[i * c + k];
  }
  // Only the colour (chroma) of the halo is measured: lossy formats keep brightness at full resolution,
  // so a neutral mark leaves no halo, and brightness changes are mostly the photo's own structure.
  for (let id = 1; id <= count; id++) {
    const o = id * 3;
    const mean = (dir[o] + dir[o + 1] + dir[o + 2]) / 3;
    const full = Math.hypot(dir[o], dir[o + 1], dir[o + 2]);
    for (let k = 0; k < 3; k++) dir[o + k] -= mean;
    const chroma = Math.hypot(dir[o], dir[o + 1], dir[o + 2]);
    if (chroma < HALO_MIN_CHROMA * full) dir.fill(0, o, o + 3);
    else for (let k = 0; k < 3; k++) dir[o + k] /= chroma;
  }
  const sums = new Float64Array((count + 1) * (HALO_BANDS + 1));
  const counts = new Float64Array((count + 1) * (HALO_BANDS + 1));
  for (let i = 0; i < mask.length; i++) {
    const id = labels[i];
    if (!id || mask[i]) continue;
    const b = Math.ceil(band[i] - 1e-3);
    if (b < 1 || b > HALO_BANDS) continue;
    let p = 0;
    for (let k = 0; k < 3; k++) p += (data[i * c + k] - guess[i * c + k]) * dir[id * 3 + k];
    sums[id * (HALO_BANDS + 1) + b] += p;
    counts[id * (HALO_BANDS + 1) + b]++;
  }
  const grow = new Uint8Array(count + 1);
  let any = false;
  for (let id = 1; id <= count; id++) {
    const p = (b: number) => sums[id * (HALO_BANDS + 1) + b] / Math.max(1, counts[id * (HALO_BANDS + 1) + b]);
    if (p(1) < HALO_FIRST || p(1) < 1.5 * p(2)) continue;
    let g = 1;
    while (g < HALO_MAX_GROW && p(g + 1) >= HALO_NEXT) g++;
    grow[id] = g;
    any = true;
  }
  if (!any) return mask;
  const out = mask.slice();
  for (let i = 0; i < mask.length; i++) {
    const id = labels[i];
    if (!id || mask[i] || !grow[id]) continue;
    if (band[i] <= grow[id] + 1e-3) out[i] = 1;
  }
  return out;
}
