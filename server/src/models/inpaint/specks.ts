import { lumaInto, type FloatImage } from './float-image';
import { connectedComponents, dilate, distanceOutside, expandBox, maskBounds } from '../../lib/image/bitmap';
import { harmonicFill } from './poisson';
import { boxBlur } from './pyramid';

/**
 * Exemplar fills copy whatever their sources hold, including an isolated speck (dust, a raindrop) that
 * the photo shows once in a flat sky; copied into the hole it becomes a new blemish. The fill's local
 * contrast (difference from a 7x7 mean, in luma) is limited to what all but the rarest pixels of the
 * photo around the hole show, so a fill on grain or foliage keeps its detail while a lone speck fades
 * into the flat area it was copied to.
 */
export function suppressSpecks(image: FloatImage, hole: Uint8Array, avoid: Uint8Array | null): void {
  const { width: w, height: h, channels: c, data } = image;
  if (c < 3) return;
  const bounds = maskBounds(hole, w, h);
  if (!bounds) return;
  const box = expandBox(bounds, 24, w, h);
  const n = w * h;
  const lum = lumaInto(image, new Float32Array(n), box);
  const low = lum.slice();
  for (let pass = 0; pass < 2; pass++) boxBlur(low, w, h, 1, 3, box);
  const outside = distanceOutside(hole, w, h, 20);
  const ring: number[] = [];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (hole[i] || (avoid && avoid[i]) || outside[i] < 4 || outside[i] > 16) continue;
      ring.push(Math.abs(lum[i] - low[i]));
    }
  if (ring.length < 64) return;
  ring.sort((a, b) => a - b);
  const limit = Math.max(SPECK_FLOOR, SPECK_SLACK * ring[Math.floor(SPECK_QUANTILE * (ring.length - 1))]);
  const specks = new Uint8Array(n);
  let found = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (hole[i] && Math.abs(lum[i] - low[i]) > limit) {
        specks[i] = 1;
        found++;
      }
    }
  if (found === 0) return;
  // Only isolated specks: small blobs on a flat fill. Outliers among texture are left alone.
  const blobs = connectedComponents(dilate(specks, w, h, 1), w, h);
  const near = dilate(specks, w, h, 4);
  const keep = new Uint8Array(n);
  let kept = 0;
  for (let id = 1; id <= blobs.count; id++) {
    const bb = blobs.boxes[id - 1];
    const bw = bb.x1 - bb.x0;
    const bh = bb.y1 - bb.y0;
    // A speck is small and round; an elongated blob is more likely a piece of a line.
    if (blobs.sizes[id - 1] > SPECK_MAX_PIXELS || Math.max(bw, bh) > 2 * Math.min(bw, bh) + 1) continue;
    const b = expandBox(bb, 8, w, h);
    let sum = 0;
    let m = 0;
    for (let y = b.y0; y < b.y1; y++)
      for (let x = b.x0; x < b.x1; x++) {
        const i = y * w + x;
        if (near[i]) continue;
        sum += Math.abs(lum[i] - low[i]);
        m++;
      }
    if (m === 0 || sum / m > Math.min(limit / 3, SPECK_FLAT)) continue;
    for (let y = bb.y0; y < bb.y1; y++)
      for (let x = bb.x0; x < bb.x1; x++) {
        const i = y * w + x;
        if (blobs.labels[i] === id) {
          keep[i] = 1;
          kept++;
        }
      }
  }
  if (kept === 0) return;
  // The speck with its soft rim, rebuilt from the fill around it (only inside the hole).
  const grown = dilate(keep, w, h, 1);
  for (let i = 0; i < n; i++) if (grown[i] && !hole[i]) grown[i] = 0;
  harmonicFill(data, grown, w, h, c);
}

const SPECK_MAX_PIXELS = 150;
// Mean local contrast (luma levels) below which the fill around a blob counts as flat.
const SPECK_FLAT = 2;
const SPECK_QUANTILE = 0.995;
const SPECK_SLACK = 1.25;
const SPECK_FLOOR = 8;
