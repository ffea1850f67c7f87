import { connectedComponents, dilate, type Bitmap } from '../../lib/image/bitmap';
import { patchNovelty } from './patch-novelty';

/**
 * Where the mark is inside a loosely painted mask that inversion could not explain (an opaque logo, a
 * glowing date stamp, type no blend fit explains, a mark whose inversion came out too rough): such a part
 * is filled, but a box painted around small text, or a band painted wide of a shape, is mostly photo. The
 * completion engine's fill of the whole part is an estimate of the photo that never saw the mark, so each
 * pixel's distance from it splits the part in two classes: the photo, which the fill reproduces up to its
 * own small errors, and the mark, which stands out from it. The split is Otsu's threshold on those
 * distances (the one that best separates two classes, whatever their shares); the pixels above it, grown by
 * MARGIN for anti-aliasing and the colour lossy formats smear around a mark, are the mark. The rest is
 * kept as it is and only the mark is filled, from the photo right beside it.
 */

/** Pixels added around the mark: its anti-aliased edge, and the chroma that JPEG keeps at half resolution. */
const MARGIN = 2;
/** Parts smaller than this are filled whole: too few pixels for two classes. */
const MIN_PIXELS = 20;

/**
 * `parts`: the mask pixels to split (1), `marked` the input, `filled` the completion's fill of those parts.
 * With `mask` (the whole mask, `parts` within it), each pixel's distance from the fill is weighed with how
 * new its patch is beside the photo outside `mask` (patch-novelty.ts; their geometric mean): on textured photo
 * the fill is off by as much as a faint mark or a glow, while the photo's own texture finds its like nearby
 * and the mark does not. Returns the pixels of `parts` that are the mark (grown by MARGIN, within `parts`).
 */
export function markSupport(
  parts: Bitmap,
  marked: Float32Array,
  filled: Float32Array,
  w: number,
  h: number,
  c: number,
  mask?: Bitmap,
): Uint8Array {
  const { labels, count } = connectedComponents(parts, w, h);
  const novelty = mask ? patchNovelty(parts, mask, marked, w, h, c) : null;
  const distance = new Float32Array(w * h);
  const perPart: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    let s = 0;
    for (let k = 0; k < 3; k++) s += (marked[i * c + k] - filled[i * c + k]) ** 2;
    // Beyond the reach of any photo patch (deep in a large part) the fill alone decides.
    const n = novelty?.[i] ?? -1;
    distance[i] = n >= 0 ? Math.sqrt(n * Math.sqrt(s)) : Math.sqrt(s);
    perPart[labels[i]].push(distance[i]);
  }
  const limit = new Float32Array(count + 1);
  for (let id = 1; id <= count; id++) {
    const d = perPart[id];
    limit[id] = d.length < MIN_PIXELS ? -1 : otsuThreshold(d.sort((a, b) => a - b));
  }
  const mark = new Uint8Array(w * h);
  for (let i = 0; i < parts.length; i++) if (parts[i] && distance[i] > limit[labels[i]]) mark[i] = 1;
  const grown = dilate(mark, w, h, MARGIN);
  for (let i = 0; i < grown.length; i++) grown[i] &= parts[i];
  return grown;
}

/**
 * A part of the mask mostly lost to inversion, with at most this share of its pixels inverted, is taken as
 * unexplained: what little was inverted there fits the photo's own variations, not the mark (a glowing
 * date stamp in a box painted around it leaves tinted blots where its glow was "inverted").
 */
const EXPLAINED_SHARE = 0.2;
const LOST_SHARE = 0.5;

/**
 * The parts of `region` (connected) that inversion did not explain, as a 0/1 mask: every pixel lost, or at
 * least LOST_SHARE lost and at most EXPLAINED_SHARE inverted (`alpha` above 0). `photo`, the pixels a fit
 * inverted and that were handed back as photo (inverted-photo.ts), counts as lost.
 */
export function unexplainedParts(
  region: Bitmap,
  lost: Bitmap,
  photo: Bitmap | null,
  alpha: Float32Array,
  w: number,
  h: number,
): Uint8Array {
  const { labels, count, sizes } = connectedComponents(region, w, h);
  const lostIn = new Float64Array(count + 1);
  const invertedIn = new Float64Array(count + 1);
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    if (lost[i] || photo?.[i]) lostIn[labels[i]]++;
    else if (alpha[i] > 0) invertedIn[labels[i]]++;
  }
  const unexplained = new Uint8Array(count + 1);
  for (let id = 1; id <= count; id++) {
    const size = sizes[id - 1];
    unexplained[id] = lostIn[id] >= LOST_SHARE * size && invertedIn[id] <= EXPLAINED_SHARE * size ? 1 : 0;
  }
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < region.length; i++) parts[i] = region[i] && unexplained[labels[i]] ? 1 : 0;
  return parts;
}

/** Otsu's threshold of ascending values: the cut that maximises the variance between the two classes. */
export function otsuThreshold(sorted: number[]): number {
  const n = sorted.length;
  let total = 0;
  for (const v of sorted) total += v;
  let best = -1;
  let threshold = Infinity;
  let below = 0;
  for (let k = 1; k < n; k++) {
    below += sorted[k - 1];
    if (sorted[k] === sorted[k - 1]) continue;
    const share = k / n;
    const between = share * (1 - share) * (below / k - (total - below) / (n - k)) ** 2;
    if (between > best) {
      best = between;
      threshold = (sorted[k - 1] + sorted[k]) / 2;
    }
  }
  return threshold;
}
