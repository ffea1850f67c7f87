import { lumaInto, sampleBilinear, type FloatImage } from './float-image';
import {
  connectedComponents,
  dilate,
  distanceInside,
  distanceOutside,
  expandBox,
  maskBounds,
  type Box,
} from './mask';
import { continueStructure } from './structure';
import { teleaInpaint } from './telea';
import { overlayThinLines } from './thin-lines';

/**
 * Exemplar-based image completion (Wexler, Shechtman, Irani 2007) with PatchMatch nearest-neighbour
 * fields (Barnes et al. 2009). The hole is filled coarse to fine: at each pyramid level, alternate
 * (1) a PatchMatch search that finds, for every patch touching the hole, the most similar patch lying
 * wholly in the known region, and (2) voting, where each hole pixel becomes the weighted mean of the
 * pixels that the overlapping patches propose for it. The field found at one level seeds the next
 * level, so structure settles at coarse levels and texture detail is copied at full resolution.
 * Three things keep the fill as detailed as the photo: patch distances also compare how detailed
 * patches are (texture channels), votes are weighted so sharply that the best patch dominates and the
 * finest level copies each pixel from its own best match, and the fill's fine detail is finally scaled
 * towards the detail of its surroundings.
 *
 * Contract: `image` is interleaved floats (any channel count), `hole` is 1 where pixels are unknown,
 * `avoid` (optional) marks pixels that are neither filled nor used as sources. Writes the hole in place.
 */
export interface CompletionOptions {
  /** Patch half-size; 3 gives 7x7 patches. */
  patchRadius?: number;
  /** Levels whose hole has more pixels than this only refine the coarser result (one cheap pass). */
  workingPixels?: number;
  seed?: number;
  /** Share (0-1) of the fill's low frequencies taken from diffusion instead of the exemplars (default 1). */
  guideBlend?: number;
  /** Weight of the texture channels in patch distances (0 = colours only; default 4). */
  textureWeight?: number;
  /** Draw straight edges and lines that cross the hole before completing the rest (default true). */
  structure?: boolean;
  /** Largest factor by which the fill's fine detail is raised or lowered towards its surroundings' (1 = off; default 3). */
  detailGain?: number;
  /** When matching detail, a pixel's squared gradient counts up to this many times the surroundings' median (default 32), so edges ask for no grain. */
  detailCap?: number;
  onProgress?: (fraction: number) => void;
}

interface Level {
  data: Float32Array;
  w: number;
  h: number;
  hole: Uint8Array;
  blocked: Uint8Array;
  holeCount: number;
}

export function completeHole(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  options: CompletionOptions = {},
): void {
  const weight = options.textureWeight ?? 4;
  const structure = options.structure ?? true;
  const drawn = structure ? continueStructure(image, hole, avoid) : null;
  if (drawn) {
    const rest = hole.slice();
    for (let i = 0; i < rest.length; i++) if (drawn[i]) rest[i] = 0;
    completeRest(image, rest, avoid, options, weight);
  } else completeRest(image, hole, avoid, options, weight);
  suppressSpecks(image, hole, avoid);
  if (structure) overlayThinLines(image, hole, avoid, drawn);
}

function completeRest(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  options: CompletionOptions,
  weight: number,
): void {
  if (weight <= 0) {
    completeChannels(image, hole, avoid, options);
    return;
  }
  const augmented = withTextureFeatures(image, hole, avoid, weight);
  completeChannels(augmented, hole, avoid, options);
  const { data, channels: c } = image;
  const a = augmented.channels;
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < c; k++) data[i * c + k] = augmented.data[i * a + k];
  }
}

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

/**
 * The image with two more channels: the local mean of the absolute luma gradient, across and down,
 * times `weight`. Patch distances then see how detailed a patch is, not only its mean colour, so a
 * smooth (averaged) fill no longer attracts the smoothest sources; the channels are voted along with
 * the colours, so a fill assembled from textured sources keeps asking for texture (Newson et al. 2014).
 */
function withTextureFeatures(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  weight: number,
): FloatImage {
  const { width: w, height: h, channels: c, data } = image;
  const a = c + 2;
  const n = w * h;
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) known[i] = hole[i] || (avoid && avoid[i]) ? 0 : 1;
  const lum = lumaInto(image, new Float32Array(n));
  const gx = new Float32Array(n);
  const gy = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!known[i]) continue;
      if (x + 1 < w && known[i + 1]) gx[i] = Math.abs(lum[i + 1] - lum[i]);
      else if (x > 0 && known[i - 1]) gx[i] = Math.abs(lum[i] - lum[i - 1]);
      if (y + 1 < h && known[i + w]) gy[i] = Math.abs(lum[i + w] - lum[i]);
      else if (y > 0 && known[i - w]) gy[i] = Math.abs(lum[i] - lum[i - w]);
    }
  }
  const out = new Float32Array(n * a);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      for (let k = 0; k < c; k++) out[i * a + k] = data[i * c + k];
      if (!known[i]) continue;
      let sx = 0;
      let sy = 0;
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        if (y + dy < 0 || y + dy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (x + dx < 0 || x + dx >= w) continue;
          const j = i + dy * w + dx;
          if (!known[j]) continue;
          sx += gx[j];
          sy += gy[j];
          m++;
        }
      }
      out[i * a + c] = (weight * sx) / m;
      out[i * a + c + 1] = (weight * sy) / m;
    }
  }
  return { data: out, width: w, height: h, channels: a };
}

function completeChannels(
  image: FloatImage,
  hole: Uint8Array,
  avoid: Uint8Array | null,
  options: CompletionOptions,
): void {
  const r = options.patchRadius ?? 3;
  const workingPixels = options.workingPixels ?? 12_000;
  const c = image.channels;
  const blocked0 = new Uint8Array(hole.length);
  let holeCount = 0;
  for (let i = 0; i < hole.length; i++) {
    blocked0[i] = hole[i] || (avoid && avoid[i]) ? 1 : 0;
    holeCount += hole[i];
  }
  if (holeCount === 0) return;
  const levels: Level[] = [
    { data: image.data, w: image.width, h: image.height, hole, blocked: blocked0, holeCount },
  ];
  const maxDist = maxOf(distanceInside(hole, image.width, image.height));
  for (let reach = maxDist; reach > 3; reach /= 2) {
    const top = levels[levels.length - 1];
    // Keep the coarsest level large enough to offer many whole source patches.
    if (Math.min(top.w, top.h) < 2 * (10 * r + 8)) break;
    levels.push(downsample(top, c));
  }
  const rng = new Rng(options.seed ?? 1);
  // Tone is corrected at the finest level where the whole search runs.
  let correctionLevel = levels.length - 1;
  while (correctionLevel > 0 && levels[correctionLevel - 1].holeCount <= workingPixels) correctionLevel--;
  const guideBlend = options.guideBlend ?? 1;
  const detailGain = options.detailGain ?? 3;
  let lowCorrection: { level: number; data: Float32Array } | null = null;
  let nnf: Int32Array | null = null;
  let prev: Level | null = null;
  const coarsest = levels.length - 1;
  for (let l = coarsest; l >= 0; l--) {
    const level = levels[l];
    const field = new PatchField(level, c, r, rng);
    if (!field.hasSources()) {
      teleaInpaint({ data: level.data, width: level.w, height: level.h, channels: c }, level.hole, 5);
      nnf = null;
      prev = level;
      continue;
    }
    // Above the working size a level only transfers detail: the enlarged field is already coherent,
    // so a short local search (or none, for the largest) is enough before the final vote.
    const detailOnly = level.holeCount > workingPixels && l < coarsest;
    // The largest levels copy the enlarged field as it is, with plain averaging: no cost is needed.
    const largest = detailOnly && level.holeCount > 4 * workingPixels;
    if (!nnf || !prev) {
      // Grow the coarsest fill from its edge inwards, each pixel from the source that best matches its
      // already known neighbourhood: a smooth diffusion guess would instead attract the smoothest
      // sources, and the fill would converge to a blur.
      field.randomInit();
      field.onionPeel();
      field.computeCosts();
    } else {
      field.upsampleFrom(nnf, prev.w, prev.h);
      if (detailOnly) upsampleHole(prev, level, c);
      else field.vote(0);
      if (!largest) field.computeCosts();
    }
    const em = detailOnly ? 1 : l === coarsest ? 5 : 2;
    const iterations = detailOnly && !largest ? 1 : detailOnly ? 0 : 2;
    const radius = detailOnly ? 4 : Math.max(level.w, level.h);
    for (let e = 0; e < em; e++) {
      if (iterations > 0) field.search(iterations, radius);
      field.vote(largest ? 0 : 0.02);
    }
    if (l === 0 && !largest) field.copyBest();
    if (guideBlend > 0 && l === correctionLevel) {
      lowCorrection = { level: l, data: lowFrequencyCorrection(level, c, guideBlend) };
    }
    nnf = field.nnf;
    prev = level;
    options.onProgress?.((coarsest - l + 1) / (coarsest + 1));
  }
  if (lowCorrection) applyCorrection(levels[0], levels[lowCorrection.level], lowCorrection.data, c);
  if (detailGain > 1) matchDetail(levels[0], c, detailGain, options.detailCap ?? DETAIL_CAP);
}

/**
 * Gives the fill the fine detail of its surroundings. Voting and the tone correction both average, so a
 * fill is usually smoother than the photo around it; a smooth fill on a textured photo reads as a blur.
 * The local gradient energy of the known pixels near the hole is carried into it by a membrane fill
 * (a target per pixel, so a hole between sky and a textured tower asks for texture only on the tower's
 * side), and the fill's own high frequencies are scaled towards that target, within [1 / gainMax, gainMax]
 * in all. Energies are measured with each pixel's share capped at a few times the surroundings' median,
 * so that an edge beside the hole (a petal against a dark background) asks for no grain: only texture
 * does. Scaling the finest frequencies moves the energy only part of the way, so it is done in rounds.
 */
function matchDetail(level: Level, c: number, gainMax: number, capFactor: number): void {
  const { w, h, hole, blocked, data } = level;
  const bounds = maskBounds(hole, w, h);
  if (!bounds) return;
  const reach = 6;
  const box = expandBox(bounds, 4 * reach, w, h);
  const n = w * h;
  const lum = new Float32Array(n);
  const energy = new Float32Array(n);
  const measureEnergy = () => {
    lumaInto({ data, width: w, height: h, channels: c }, lum, box);
    for (let y = box.y0; y < box.y1 - 1; y++)
      for (let x = box.x0; x < box.x1 - 1; x++) {
        const i = y * w + x;
        const gx = lum[i + 1] - lum[i];
        const gy = lum[i + w] - lum[i];
        energy[i] = gx * gx + gy * gy;
      }
  };
  measureEnergy();
  // The target: capped squared gradients of the known pixels, with their support, carried into the hole.
  const usable = (i: number) => !hole[i] && !blocked[i] && !blocked[i + 1] && !blocked[i + w];
  const ring: number[] = [];
  for (let y = box.y0; y < box.y1 - 1; y++)
    for (let x = box.x0; x < box.x1 - 1; x++) if (usable(y * w + x)) ring.push(energy[y * w + x]);
  if (ring.length === 0) return;
  ring.sort((a, b) => a - b);
  const cap = capFactor * Math.max(1, ring[ring.length >> 1]);
  const known = new Float32Array(n);
  const knownSupport = new Float32Array(n);
  for (let y = box.y0; y < box.y1 - 1; y++)
    for (let x = box.x0; x < box.x1 - 1; x++) {
      const i = y * w + x;
      if (!usable(i)) continue;
      known[i] = Math.min(cap, energy[i]);
      knownSupport[i] = 1;
    }
  for (const a of [known, knownSupport]) for (let pass = 0; pass < 3; pass++) boxBlur(a, w, h, 1, reach, box);
  const target = new Float32Array(n);
  for (let i = 0; i < n; i++) target[i] = knownSupport[i] > 0.05 ? known[i] / knownSupport[i] : 0;
  harmonicFill(target, hole, w, h, 1);
  const total = new Float32Array(n).fill(1);
  const fill = new Float32Array(n);
  const fillSupport = new Float32Array(n);
  for (let round = 0; round < DETAIL_ROUNDS; round++) {
    if (round > 0) measureEnergy();
    fill.fill(0);
    fillSupport.fill(0);
    for (let y = box.y0; y < box.y1 - 1; y++)
      for (let x = box.x0; x < box.x1 - 1; x++) {
        const i = y * w + x;
        if (!hole[i]) continue;
        fill[i] = Math.min(cap, energy[i]);
        fillSupport[i] = 1;
      }
    for (const a of [fill, fillSupport]) for (let pass = 0; pass < 3; pass++) boxBlur(a, w, h, 1, reach, box);
    const low = data.slice();
    for (let pass = 0; pass < 2; pass++) boxBlur(low, w, h, c, 1, box);
    for (let i = 0; i < n; i++) {
      if (!hole[i]) continue;
      const have = fillSupport[i] > 0.05 ? fill[i] / fillSupport[i] : 0;
      const wanted = total[i] * Math.sqrt((target[i] + 1) / (have + 1));
      const next = wanted < 1 / gainMax ? 1 / gainMax : wanted > gainMax ? gainMax : wanted;
      const gain = next / total[i];
      total[i] = next;
      for (let k = 0; k < c; k++) {
        const o = i * c + k;
        const v = low[o] + gain * (data[o] - low[o]);
        data[o] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

/** Rounds of detail scaling. */
const DETAIL_ROUNDS = 3;
/** A pixel's squared gradient counts up to this many times the surroundings' median (edges ask for no grain). */
const DETAIL_CAP = 32;

/**
 * Exemplars copy real texture but may pick the wrong tone (a patch of sky for a patch of cloud); diffusion
 * gets the tone right and no texture. Returns, at a level where the hole is small, the blurred difference
 * between the diffusion fill and the exemplar fill: added back, it keeps the copied detail and takes its
 * low frequencies from the surroundings.
 */
function lowFrequencyCorrection(level: Level, c: number, blend: number): Float32Array {
  const { w, h, hole } = level;
  const guide = { data: level.data.slice(), width: w, height: h, channels: c };
  harmonicFill(guide.data, hole, w, h, c);
  const diff = new Float32Array(w * h * c);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < c; k++) diff[i * c + k] = blend * (guide.data[i * c + k] - level.data[i * c + k]);
  }
  const bounds = maskBounds(hole, w, h);
  if (!bounds) return diff;
  const box = expandBox(bounds, 18, w, h);
  for (let pass = 0; pass < 3; pass++) boxBlur(diff, w, h, c, 2, box);
  return diff;
}

/**
 * Membrane (Laplace) interpolation of the hole from its edge, by over-relaxed Gauss-Seidel starting
 * from the current fill: the smoothest surface that meets the surroundings, free of the fan-shaped
 * streaks of fast marching.
 */
export function harmonicFill(data: Float32Array, hole: Uint8Array, w: number, h: number, c: number): void {
  let count = 0;
  for (let i = 0; i < hole.length; i++) count += hole[i];
  const ids = new Int32Array(count);
  for (let i = 0, n = 0; i < hole.length; i++) if (hole[i]) ids[n++] = i;
  const depth = distanceInside(hole, w, h);
  let deepest = 0;
  for (const i of ids) deepest = Math.max(deepest, depth[i]);
  const iterations = Math.min(150, Math.round(30 + 3 * deepest));
  const omega = 1.85;
  for (let it = 0; it < iterations; it++) {
    for (const i of ids) {
      const x = i % w;
      const y = (i - x) / w;
      for (let k = 0; k < c; k++) {
        let sum = 0;
        let n = 0;
        if (x > 0) {
          sum += data[(i - 1) * c + k];
          n++;
        }
        if (x < w - 1) {
          sum += data[(i + 1) * c + k];
          n++;
        }
        if (y > 0) {
          sum += data[(i - w) * c + k];
          n++;
        }
        if (y < h - 1) {
          sum += data[(i + w) * c + k];
          n++;
        }
        const o = i * c + k;
        data[o] += omega * (sum / n - data[o]);
      }
    }
  }
}

/**
 * Copies each hole pixel from its source (`nnf[q]`, -1 = keep) and removes the seams of the copy. Where
 * neighbours come from unrelated sources the copy steps, and on a smooth background (bokeh, sky) those
 * steps read as a crackle of thin lines that the detail scaling then amplifies. The fill is rebuilt in
 * the gradient domain instead (Darabi et al. 2012, "Image Melding"): it keeps the differences its sources
 * have between neighbours and, weakly (screened Poisson), the copied values, so a seam spreads over a few
 * pixels and fades while tone and texture stay. `blocked` marks pixels that are not known.
 */
export function copyMelded(image: FloatImage, hole: Uint8Array, blocked: Uint8Array, nnf: Int32Array): void {
  const { data, channels: c } = image;
  for (let q = 0; q < hole.length; q++) {
    const s = nnf[q];
    if (!hole[q] || s < 0) continue;
    for (let k = 0; k < c; k++) data[q * c + k] = data[s * c + k];
  }
  solveScreened(data, image.width, c, seamSystem(image, hole, blocked, nnf));
}

/** Hole pixels, which of their edges ask for a difference (bit d for neighbour d), and right-hand sides. */
interface ScreenedSystem {
  ids: Int32Array;
  links: Uint8Array;
  rhs: Float32Array;
}

/**
 * Weight of the copied values against the asked differences. Small, so a seam (one edge's jump) spreads
 * over a few pixels and fades, while the copy's tone and low frequencies stay for the later corrections.
 */
const SCREEN = 0.1;
/** Sweeps from the copy; by 20 the result moves by less than a grey level. */
const SCREEN_ITERATIONS = 20;
const SCREEN_OMEGA = 1.5;
const NEIGHBOUR_X = [1, -1, 0, 0];
const NEIGHBOUR_Y = [0, 0, 1, -1];

/**
 * The screened-Poisson system of the copied fill: minimise, over the hole, the sum over edges of
 * (f(j) - f(q) - asked)^2 plus SCREEN times the sum of (f(q) - copy(q))^2, known pixels fixed. Each hole
 * pixel proposes, for the edge to each 4-neighbour, the difference its own source has across the same
 * edge; an edge asks for the mean of its endpoints' proposals (a known endpoint proposes nothing: its
 * value is the boundary). Per hole pixel the right-hand side is SCREEN * copy minus the asked differences.
 */
function seamSystem(
  image: FloatImage,
  hole: Uint8Array,
  blocked: Uint8Array,
  nnf: Int32Array,
): ScreenedSystem {
  const { data, width: w, height: h, channels: c } = image;
  let count = 0;
  for (let i = 0; i < hole.length; i++) count += hole[i];
  const ids = new Int32Array(count);
  const links = new Uint8Array(count);
  const rhs = new Float32Array(count * c);
  let n = 0;
  for (let q = 0; q < hole.length; q++) {
    if (!hole[q]) continue;
    const qx = q % w;
    const qy = (q - qx) / w;
    const s = nnf[q];
    ids[n] = q;
    for (let k = 0; k < c; k++) rhs[n * c + k] = SCREEN * data[q * c + k];
    for (let d = 0; d < 4; d++) {
      const dx = NEIGHBOUR_X[d];
      const dy = NEIGHBOUR_Y[d];
      if (qx + dx < 0 || qx + dx >= w || qy + dy < 0 || qy + dy >= h) continue;
      const j = q + dy * w + dx;
      if (blocked[j] && !hole[j]) continue;
      const t = hole[j] ? nnf[j] : -1;
      // q's source and its neighbour across the edge; j's source and its neighbour back towards q.
      const own = sourceNeighbour(s, dx, dy, w, h, blocked);
      const theirs = sourceNeighbour(t, -dx, -dy, w, h, blocked);
      const m = (own >= 0 ? 1 : 0) + (theirs >= 0 ? 1 : 0);
      if (m === 0) continue;
      links[n] |= 1 << d;
      for (let k = 0; k < c; k++) {
        let asked = 0;
        if (own >= 0) asked += data[own * c + k] - data[s * c + k];
        if (theirs >= 0) asked += data[t * c + k] - data[theirs * c + k];
        rhs[n * c + k] -= asked / m;
      }
    }
    n++;
  }
  return { ids, links, rhs };
}

/** The known pixel next to source `s` (-1 = none) in direction (dx, dy), or -1 when there is none. */
function sourceNeighbour(
  s: number,
  dx: number,
  dy: number,
  w: number,
  h: number,
  blocked: Uint8Array,
): number {
  if (s < 0) return -1;
  const x = (s % w) + dx;
  const y = Math.floor(s / w) + dy;
  if (x < 0 || x >= w || y < 0 || y >= h) return -1;
  const i = y * w + x;
  return blocked[i] ? -1 : i;
}

/**
 * Solves the screened-Poisson system by over-relaxed Gauss-Seidel over the hole pixels, starting from
 * the copy, which is already close: only the fill near seams has far to move.
 */
function solveScreened(data: Float32Array, w: number, c: number, system: ScreenedSystem): void {
  const { ids, links, rhs } = system;
  const offsets = [1, -1, w, -w];
  for (let it = 0; it < SCREEN_ITERATIONS; it++) {
    for (let n = 0; n < ids.length; n++) {
      const q = ids[n];
      const mask = links[n];
      let weight = SCREEN;
      for (let d = 0; d < 4; d++) if (mask & (1 << d)) weight++;
      for (let k = 0; k < c; k++) {
        let sum = rhs[n * c + k];
        for (let d = 0; d < 4; d++) if (mask & (1 << d)) sum += data[(q + offsets[d]) * c + k];
        const o = q * c + k;
        data[o] += SCREEN_OMEGA * (sum / weight - data[o]);
      }
    }
  }
}

/** Box blur by running sums, limited to the hole's box grown by the blur's reach (zero elsewhere). */
function boxBlur(data: Float32Array, w: number, h: number, c: number, r: number, box: Box): void {
  const line = new Float64Array(Math.max(w, h) * c);
  for (let y = box.y0; y < box.y1; y++) {
    const base = y * w * c;
    for (let x = box.x0; x < box.x1; x++)
      for (let k = 0; k < c; k++) line[x * c + k] = data[base + x * c + k];
    for (let k = 0; k < c; k++) {
      let sum = 0;
      for (let x = box.x0; x < Math.min(box.x1, box.x0 + r); x++) sum += line[x * c + k];
      for (let x = box.x0; x < box.x1; x++) {
        if (x + r < box.x1) sum += line[(x + r) * c + k];
        if (x - r - 1 >= box.x0) sum -= line[(x - r - 1) * c + k];
        const n = Math.min(box.x1 - 1, x + r) - Math.max(box.x0, x - r) + 1;
        data[base + x * c + k] = sum / n;
      }
    }
  }
  for (let x = box.x0; x < box.x1; x++) {
    for (let y = box.y0; y < box.y1; y++)
      for (let k = 0; k < c; k++) line[y * c + k] = data[(y * w + x) * c + k];
    for (let k = 0; k < c; k++) {
      let sum = 0;
      for (let y = box.y0; y < Math.min(box.y1, box.y0 + r); y++) sum += line[y * c + k];
      for (let y = box.y0; y < box.y1; y++) {
        if (y + r < box.y1) sum += line[(y + r) * c + k];
        if (y - r - 1 >= box.y0) sum -= line[(y - r - 1) * c + k];
        const n = Math.min(box.y1 - 1, y + r) - Math.max(box.y0, y - r) + 1;
        data[(y * w + x) * c + k] = sum / n;
      }
    }
  }
}

/** Adds the bilinear enlargement of a coarse level's correction to the finest level's hole. */
function applyCorrection(fine: Level, coarse: Level, correction: Float32Array, c: number): void {
  const scale = fine.w / coarse.w;
  // Float64, so the interpolated correction is added at full precision, as before the helper was shared.
  const delta = new Float64Array(c);
  for (let i = 0; i < fine.hole.length; i++) {
    if (!fine.hole[i]) continue;
    const x = i % fine.w;
    const y = (i - x) / fine.w;
    sampleBilinear(
      correction,
      coarse.w,
      coarse.h,
      c,
      (x + 0.5) / scale - 0.5,
      (y + 0.5) / scale - 0.5,
      delta,
    );
    for (let k = 0; k < c; k++) {
      const v = fine.data[i * c + k] + delta[k];
      fine.data[i * c + k] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

function maxOf(values: Float32Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m && values[i] < 1e6) m = values[i];
  return m;
}

/** Seeds the hole of a fine level with the bilinear enlargement of the coarser level's solution. */
function upsampleHole(coarse: Level, fine: Level, c: number): void {
  const out = new Float32Array(c);
  for (let i = 0; i < fine.hole.length; i++) {
    if (!fine.hole[i]) continue;
    const x = i % fine.w;
    const y = (i - x) / fine.w;
    sampleBilinear(coarse.data, coarse.w, coarse.h, c, (x - 0.5) / 2, (y - 0.5) / 2, out);
    fine.data.set(out, i * c);
  }
}

/** Halves the level; a coarse pixel is unknown when any of its children is, and averages its known children. */
function downsample(level: Level, c: number): Level {
  const w = Math.ceil(level.w / 2);
  const h = Math.ceil(level.h / 2);
  const data = new Float32Array(w * h * c);
  const hole = new Uint8Array(w * h);
  const blocked = new Uint8Array(w * h);
  let holeCount = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let known = 0;
      let any = 0;
      let isHole = 0;
      let isBlocked = 0;
      for (let dy = 0; dy < 2; dy++) {
        const fy = 2 * y + dy;
        if (fy >= level.h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          if (fx >= level.w) continue;
          const f = fy * level.w + fx;
          any++;
          isHole |= level.hole[f];
          isBlocked |= level.blocked[f];
          if (!level.blocked[f]) {
            known++;
            for (let k = 0; k < c; k++) data[i * c + k] += level.data[f * c + k];
          }
        }
      }
      if (known > 0) for (let k = 0; k < c; k++) data[i * c + k] /= known;
      hole[i] = isHole;
      blocked[i] = isBlocked;
      holeCount += isHole;
      if (!any) blocked[i] = 1;
    }
  }
  return { data, w, h, hole, blocked, holeCount };
}

/** Small, fast, seeded PRNG (xorshift32) so results are reproducible. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  /** Integer in [-range, range]. */
  spread(range: number): number {
    return (this.next() % (2 * range + 1)) - range;
  }
}

/** The nearest-neighbour field of one level: target patches (touching the hole) -> source patch centres. */
class PatchField {
  readonly nnf: Int32Array;
  private readonly cost: Float32Array;
  private readonly targets: Int32Array;
  private readonly valid: Uint8Array;
  private readonly sources: Int32Array;
  private readonly confidence: Float32Array;
  private readonly w: number;
  private readonly h: number;

  constructor(
    private readonly level: Level,
    private readonly c: number,
    private readonly r: number,
    private readonly rng: Rng,
  ) {
    const { w, h } = level;
    this.w = w;
    this.h = h;
    const n = w * h;
    this.nnf = new Int32Array(n).fill(-1);
    this.cost = new Float32Array(n);
    const blockedSum = integral(level.blocked, w, h);
    const holeSum = integral(level.hole, w, h);
    this.valid = new Uint8Array(n);
    let sourceCount = 0;
    let targetCount = 0;
    const targetFlags = new Uint8Array(n);
    const W = w + 1;
    const span = 2 * r + 1;
    for (let y = r; y < h - r; y++) {
      for (let x = r; x < w - r; x++) {
        const a = (y - r) * W + x - r;
        const b = a + span * W;
        if (blockedSum[b + span] - blockedSum[a + span] - blockedSum[b] + blockedSum[a] === 0) {
          this.valid[y * w + x] = 1;
          sourceCount++;
        }
      }
    }
    const bounds = maskBounds(level.hole, w, h);
    if (bounds) {
      for (let y = Math.max(0, bounds.y0 - r); y < Math.min(h, bounds.y1 + r); y++) {
        for (let x = Math.max(0, bounds.x0 - r); x < Math.min(w, bounds.x1 + r); x++) {
          if (boxSum(holeSum, w, h, x - r, y - r, x + r, y + r) > 0) {
            targetFlags[y * w + x] = 1;
            targetCount++;
          }
        }
      }
    }
    this.targets = new Int32Array(targetCount);
    this.sources = new Int32Array(sourceCount);
    for (let i = 0, t = 0, s = 0; i < n; i++) {
      if (targetFlags[i]) this.targets[t++] = i;
      if (this.valid[i]) this.sources[s++] = i;
    }
    // Wexler's confidence: patches deep inside the hole are less reliable than those near its edge.
    const depth = distanceInside(level.hole, w, h);
    this.confidence = new Float32Array(n);
    for (let i = 0; i < n; i++) this.confidence[i] = level.hole[i] ? Math.pow(1.3, -depth[i]) : 1;
  }

  hasSources(): boolean {
    return this.sources.length > 0;
  }

  randomInit(): void {
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      const s = this.sources[this.rng.next() % this.sources.length];
      this.nnf[p] = s;
      this.cost[p] = this.distance(p, s, Infinity);
    }
  }

  upsampleFrom(coarse: Int32Array, cw: number, ch: number): void {
    const { w, h, r } = this;
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      const px = p % w;
      const py = (p - px) / w;
      const cp = Math.min(py >> 1, ch - 1) * cw + Math.min(px >> 1, cw - 1);
      const cs = coarse[cp];
      let s = -1;
      if (cs >= 0) {
        const csx = cs % cw;
        const csy = (cs - csx) / cw;
        const sx = clamp(2 * csx + (px & 1), r, w - 1 - r);
        const sy = clamp(2 * csy + (py & 1), r, h - 1 - r);
        s = sy * w + sx;
      }
      if (s < 0 || !this.valid[s]) s = this.sources[this.rng.next() % this.sources.length];
      this.nnf[p] = s;
    }
  }

  /**
   * Greedy synthesis in order of depth into the hole (Efros-Leung style, with PatchMatch candidates):
   * each hole pixel takes the centre of the source whose patch best matches the pixels known or
   * already synthesised around it.
   */
  onionPeel(): void {
    const { w, h, r, c, nnf, valid, sources, rng } = this;
    const { hole, blocked, data } = this.level;
    const depth = distanceInside(hole, w, h);
    const order: number[] = [];
    for (let i = 0; i < hole.length; i++) if (hole[i]) order.push(i);
    order.sort((a, b) => depth[a] - depth[b]);
    const filled = new Uint8Array(hole.length);
    for (let i = 0; i < filled.length; i++) filled[i] = blocked[i] ? 0 : 1;
    const dist = (p: number, s: number, limit: number) => {
      const px = p % w;
      const py = (p - px) / w;
      let sum = 0;
      let n = 0;
      for (let dy = -r; dy <= r; dy++) {
        if (py + dy < 0 || py + dy >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          if (px + dx < 0 || px + dx >= w) continue;
          const t = p + dy * w + dx;
          if (!filled[t]) continue;
          const ti = t * c;
          const si = (s + dy * w + dx) * c;
          for (let k = 0; k < c; k++) {
            const d = data[ti + k] - data[si + k];
            sum += d * d;
          }
          n++;
        }
      }
      return n ? sum / n : limit;
    };
    for (const q of order) {
      let bs = nnf[q] >= 0 && valid[nnf[q]] ? nnf[q] : sources[rng.next() % sources.length];
      let best = dist(q, bs, Infinity);
      const qx = q % w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const n = q + dy * w + dx;
          if ((dx === 0 && dy === 0) || n < 0 || n >= hole.length || !hole[n] || !filled[n]) continue;
          if (qx + dx < 0 || qx + dx >= w) continue;
          const s = nnf[n] - dy * w - dx;
          if (s < 0 || s >= valid.length || !valid[s]) continue;
          const d = dist(q, s, best);
          if (d < best) {
            best = d;
            bs = s;
          }
        }
      }
      for (let k = 0; k < 24; k++) {
        const s = sources[rng.next() % sources.length];
        const d = dist(q, s, best);
        if (d < best) {
          best = d;
          bs = s;
        }
      }
      const bx = bs % w;
      const by = (bs - bx) / w;
      for (let radius = Math.max(w, h) >> 2; radius >= 1; radius >>= 1) {
        const sx = clamp(bx + rng.spread(radius), r, w - 1 - r);
        const sy = clamp(by + rng.spread(radius), r, h - 1 - r);
        const s = sy * w + sx;
        if (!valid[s]) continue;
        const d = dist(q, s, best);
        if (d < best) {
          best = d;
          bs = s;
        }
      }
      nnf[q] = bs;
      for (let k = 0; k < c; k++) data[q * c + k] = data[bs * c + k];
      filled[q] = 1;
    }
  }

  /**
   * Voting averages overlapping patches, and wherever the field is not perfectly coherent that average
   * is a blur. At the finest level each hole pixel instead takes the pixel its own best-matching patch
   * proposes (nearest-neighbour copy), so the fill carries the grain of real photo pixels; the seams
   * between pixels copied from unrelated sources are then relaxed (`copyMelded`).
   */
  copyBest(): void {
    const { w, h, c, nnf, level } = this;
    copyMelded({ data: level.data, width: w, height: h, channels: c }, level.hole, level.blocked, nnf);
  }

  computeCosts(): void {
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      this.cost[p] = this.distance(p, this.nnf[p], Infinity);
    }
  }

  /** PatchMatch: alternate-direction propagation then random search around the best match. */
  search(iterations: number, maxRadius: number, knownOnly = false): void {
    const { w, h, r, nnf, cost, valid, targets, rng } = this;
    if (knownOnly)
      for (let k = 0; k < targets.length; k++)
        cost[targets[k]] = this.knownDistance(targets[k], nnf[targets[k]], Infinity);
    const distance = knownOnly ? this.knownDistance.bind(this) : this.distance.bind(this);
    for (let it = 0; it < iterations; it++) {
      const forward = it % 2 === 0;
      const step = forward ? -1 : 1;
      for (let k = 0; k < targets.length; k++) {
        const p = targets[forward ? k : targets.length - 1 - k];
        const px = p % w;
        const py = (p - px) / w;
        let best = cost[p];
        let bs = nnf[p];
        const qx = px + step;
        if (qx >= 0 && qx < w) {
          const qs = nnf[p + step];
          if (qs >= 0) {
            const s = qs - step;
            const sx = s % w;
            if (sx >= r && sx < w - r && valid[s] && s !== bs) {
              const d = distance(p, s, best);
              if (d < best) {
                best = d;
                bs = s;
              }
            }
          }
        }
        const qy = py + step;
        if (qy >= 0 && qy < h) {
          const qs = nnf[p + step * w];
          if (qs >= 0) {
            const s = qs - step * w;
            if (s >= 0 && s < valid.length && valid[s] && s !== bs) {
              const d = distance(p, s, best);
              if (d < best) {
                best = d;
                bs = s;
              }
            }
          }
        }
        const bx0 = bs % w;
        const by0 = (bs - bx0) / w;
        for (let radius = maxRadius; radius >= 1; radius >>= 1) {
          const sx = clamp(bx0 + rng.spread(radius), r, w - 1 - r);
          const sy = clamp(by0 + rng.spread(radius), r, h - 1 - r);
          const s = sy * w + sx;
          if (!valid[s] || s === bs) continue;
          const d = distance(p, s, best);
          if (d < best) {
            best = d;
            bs = s;
          }
        }
        nnf[p] = bs;
        cost[p] = best;
      }
    }
  }

  /**
   * Each hole pixel becomes the weighted mean of what overlapping patches propose. Weights follow
   * Wexler: exp(-cost / 2 sigma^2) with sigma from the `quantile` of patch costs (0 = uniform), times
   * the confidence of the patch centre. A low quantile (0.02) lets the best-matching patches dominate,
   * so the fill keeps the detail of its sources instead of their average.
   */
  vote(quantile: number): void {
    const { w, h, r, c, nnf, targets, level } = this;
    const weights = new Float32Array(w * h);
    let scale = 0;
    if (quantile > 0) {
      const sample = new Float32Array(Math.min(targets.length, 4096));
      const stride = Math.max(1, Math.floor(targets.length / sample.length));
      for (let k = 0; k < sample.length; k++)
        sample[k] = this.cost[targets[Math.min(targets.length - 1, k * stride)]];
      sample.sort();
      scale = sample[Math.floor((sample.length - 1) * quantile)] || 0;
    }
    for (let k = 0; k < targets.length; k++) {
      const p = targets[k];
      weights[p] = this.confidence[p] * (scale > 0 ? Math.exp(-this.cost[p] / (2 * scale)) + 1e-6 : 1);
    }
    const data = level.data;
    const out = new Float32Array(level.holeCount * c);
    const acc = new Float64Array(c);
    let o = 0;
    for (let q = 0; q < level.hole.length; q++) {
      if (!level.hole[q]) continue;
      const qx = q % w;
      const qy = (q - qx) / w;
      acc.fill(0);
      let sum = 0;
      const ya = qy - h + 1 > -r ? qy - h + 1 : -r;
      const yb = qy < r ? qy : r;
      const xa = qx - w + 1 > -r ? qx - w + 1 : -r;
      const xb = qx < r ? qx : r;
      for (let dy = ya; dy <= yb; dy++) {
        const row = (qy - dy) * w + qx;
        const shift = dy * w;
        for (let dx = xa; dx <= xb; dx++) {
          const p = row - dx;
          const s = nnf[p];
          if (s < 0) continue;
          const wt = weights[p];
          const src = (s + shift + dx) * c;
          for (let k = 0; k < c; k++) acc[k] += wt * data[src + k];
          sum += wt;
        }
      }
      if (sum > 0) {
        const inv = 1 / sum;
        for (let k = 0; k < c; k++) out[o + k] = acc[k] * inv;
      } else {
        for (let k = 0; k < c; k++) out[o + k] = data[q * c + k];
      }
      o += c;
    }
    o = 0;
    for (let q = 0; q < level.hole.length; q++) {
      if (!level.hole[q]) continue;
      for (let k = 0; k < c; k++) data[q * c + k] = out[o + k];
      o += c;
    }
  }

  /** Like `distance`, over the target's known pixels only (used before the hole has any content). */
  private knownDistance(p: number, s: number, limit: number): number {
    const { w, h, r, c } = this;
    const data = this.level.data;
    const hole = this.level.hole;
    const px = p % w;
    const py = (p - px) / w;
    let sum = 0;
    for (let dy = -r; dy <= r; dy++) {
      if (py + dy < 0 || py + dy >= h) continue;
      for (let dx = -r; dx <= r; dx++) {
        if (px + dx < 0 || px + dx >= w) continue;
        const t = p + dy * w + dx;
        if (hole[t]) continue;
        const ti = t * c;
        const si = (s + dy * w + dx) * c;
        for (let k = 0; k < c; k++) {
          const d = data[ti + k] - data[si + k];
          sum += d * d;
        }
      }
      if (sum >= limit) return sum;
    }
    return sum;
  }

  /** Sum of squared differences over the part of the target patch inside the image; stops once above `limit`. */
  private distance(p: number, s: number, limit: number): number {
    const { w, h, r, c } = this;
    const data = this.level.data;
    const px = p % w;
    const py = (p - px) / w;
    const ya = py - r < 0 ? -py : -r;
    const yb = py + r >= h ? h - 1 - py : r;
    const xa = px - r < 0 ? -px : -r;
    const xb = px + r >= w ? w - 1 - px : r;
    const len = (xb - xa + 1) * c;
    let sum = 0;
    for (let dy = ya; dy <= yb; dy++) {
      let ti = (p + dy * w + xa) * c;
      let si = (s + dy * w + xa) * c;
      for (let k = 0; k < len; k++) {
        const d = data[ti++] - data[si++];
        sum += d * d;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Summed-area table with one row and column of padding. */
function integral(mask: Uint8Array, w: number, h: number): Int32Array {
  const s = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x];
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
    }
  }
  return s;
}

function boxSum(s: Int32Array, w: number, h: number, x0: number, y0: number, x1: number, y1: number): number {
  const ax = Math.max(0, x0);
  const ay = Math.max(0, y0);
  const bx = Math.min(w - 1, x1) + 1;
  const by = Math.min(h - 1, y1) + 1;
  if (bx <= ax || by <= ay) return 0;
  const W = w + 1;
  return s[by * W + bx] - s[ay * W + bx] - s[by * W + ax] + s[ay * W + ax];
}
