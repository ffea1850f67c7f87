import { Rng } from '../../lib/random';
import { lumaInto, type FloatImage } from './float-image';
import {
  connectedComponents,
  distanceInside,
  expandBox,
  maskBounds,
  mergeBoxes,
  type Box,
} from '../../lib/image/bitmap';
import { PatchField } from './patch-field';
import { harmonicFill } from './poisson';
import { applyCorrection, boxBlur, downsample, upsampleHole, type Level } from './pyramid';
import { suppressSpecks } from './specks';
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
  const measureEnergy = (area: Box) => {
    lumaInto({ data, width: w, height: h, channels: c }, lum, area);
    for (let y = area.y0; y < area.y1 - 1; y++)
      for (let x = area.x0; x < area.x1 - 1; x++) {
        const i = y * w + x;
        const gx = lum[i + 1] - lum[i];
        const gy = lum[i + w] - lum[i];
        energy[i] = gx * gx + gy * gy;
      }
  };
  measureEnergy(box);
  // The target: capped squared gradients of the known pixels, with their support, carried into the hole.
  const usable = (i: number) => !hole[i] && !blocked[i] && !blocked[i + 1] && !blocked[i + w];
  let known = 0;
  for (let y = box.y0; y < box.y1 - 1; y++)
    for (let x = box.x0; x < box.x1 - 1; x++) if (usable(y * w + x)) known++;
  if (known === 0) return;
  const ring = new Float32Array(known);
  for (let y = box.y0, k = 0; y < box.y1 - 1; y++)
    for (let x = box.x0; x < box.x1 - 1; x++) if (usable(y * w + x)) ring[k++] = energy[y * w + x];
  ring.sort();
  const cap = capFactor * Math.max(1, ring[ring.length >> 1]);
  // The blurs below reach 3 * reach pixels from the hole: each group of hole parts 4 * reach apart is
  // blurred in its own box, the same values at the hole as in the whole box, without blurring the photo
  // between scattered parts (a tiled mark's).
  const groups = mergeBoxes(
    connectedComponents(hole, w, h).boxes.map((b) => expandBox(b, 4 * reach, w, h)),
  ).map((g) => g.box);
  const knownEnergy = new Float32Array(n);
  const knownSupport = new Float32Array(n);
  for (const area of groups) {
    for (let y = area.y0; y < area.y1 - 1; y++)
      for (let x = area.x0; x < area.x1 - 1; x++) {
        const i = y * w + x;
        if (!usable(i)) continue;
        knownEnergy[i] = Math.min(cap, energy[i]);
        knownSupport[i] = 1;
      }
    for (const a of [knownEnergy, knownSupport])
      for (let pass = 0; pass < 3; pass++) boxBlur(a, w, h, 1, reach, area);
  }
  const target = new Float32Array(n);
  for (let i = 0; i < n; i++) target[i] = knownSupport[i] > 0.05 ? knownEnergy[i] / knownSupport[i] : 0;
  harmonicFill(target, hole, w, h, 1);
  const total = new Float32Array(n).fill(1);
  const fill = new Float32Array(n);
  const fillSupport = new Float32Array(n);
  const low = new Float32Array(data.length);
  for (const area of groups) {
    // The hole's support is the same every round: blurred once.
    for (let y = area.y0; y < area.y1; y++) fillSupport.fill(0, y * w + area.x0, y * w + area.x1);
    for (let y = area.y0; y < area.y1 - 1; y++)
      for (let x = area.x0; x < area.x1 - 1; x++) if (hole[y * w + x]) fillSupport[y * w + x] = 1;
    for (let pass = 0; pass < 3; pass++) boxBlur(fillSupport, w, h, 1, reach, area);
    for (let round = 0; round < DETAIL_ROUNDS; round++) {
      if (round > 0) measureEnergy(area);
      for (let y = area.y0; y < area.y1; y++) {
        fill.fill(0, y * w + area.x0, y * w + area.x1);
        low.set(data.subarray((y * w + area.x0) * c, (y * w + area.x1) * c), (y * w + area.x0) * c);
      }
      for (let y = area.y0; y < area.y1 - 1; y++)
        for (let x = area.x0; x < area.x1 - 1; x++) {
          const i = y * w + x;
          if (hole[i]) fill[i] = Math.min(cap, energy[i]);
        }
      for (let pass = 0; pass < 3; pass++) boxBlur(fill, w, h, 1, reach, area);
      for (let pass = 0; pass < 2; pass++) boxBlur(low, w, h, c, 1, area);
      for (let y = area.y0; y < area.y1; y++)
        for (let x = area.x0; x < area.x1; x++) {
          const i = y * w + x;
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

function maxOf(values: Float32Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m && values[i] < 1e6) m = values[i];
  return m;
}
