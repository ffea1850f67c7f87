import { AppError } from '../../lib/errors';
import { dilate, type Bitmap } from '../../lib/image/bitmap';
import type { RawImage } from '../../lib/image/raw-image';
import { inpaintImage } from '../inpaint/inpaint.model';
import { alignedCrop, cropAsImage } from './align';
import { blurredMedian, colourGradients, medianGradients, type Gradients } from './gradients';
import { invertMark } from './invert';
import { heldToFill } from './fallback';
import { locateMark, middle, type Placement } from './locate';
import { edgeAgreement } from './agreement';
import { estimateMatte, type Matte } from './matte';
import { markTemplate, noiseThreshold, type MarkTemplate } from './template';
import { median } from '../../lib/median';

/**
 * One watermark on many photos (Dekel et al., "On the Effectiveness of Visible Watermarks", CVPR 2017): the
 * mark's edges from the median of the photos' gradients, each photo's placement of them, the opacity and
 * overlay from all the marked photos at once, and each photo inverted exactly; what cannot be inverted is
 * filled by the inpainting engine, and regions where the inversion looks worse than the photo's own fill take
 * the fill (fallback.ts). Edges are taken in each colour channel, so a mark of the photos' luma but not their
 * colour is found. Photos where the mark is not found are handed back untouched.
 */
export interface SameMarkOptions {
  /** A painted mask on one photo: where the mark is (the estimate is kept near it). */
  hint?: { index: number; mask: Bitmap } | null;
  /** Placements matching the mark's edges below this are photos without it. */
  minScore?: number;
  onProgress?: (fraction: number) => void;
}

export interface SameMarkPhoto {
  image: RawImage;
  marked: boolean;
  placement: Placement;
  /** Pixels inverted, and of them those filled instead because inversion could not recover them. */
  inverted: number;
  filled: number;
  /** Regions (48 px squares) where the photo's own fill was taken over the inversion. */
  regionsFilled: number;
}

export interface SameMarkResult {
  photos: SameMarkPhoto[];
  matte: Matte | null;
}

export const MIN_PHOTOS = 3;
export const MIN_SCORE = 0.2;
/** Box blur radius of the first estimate's gradients. */
const FIRST_BLUR = 4;
/** ...and below this share of the batch's median match. */
const RELATIVE_SCORE = 0.45;
/** A photo carries the mark when it shows this share of the mark's edges... */
const MIN_AGREEMENT = 0.5;
/** ...and the batch's typical carrier shows this share. */
const MIN_TYPICAL_AGREEMENT = 0.8;
/** Sharper estimates from the aligned photos, each followed by a new search. */
const REFINE_ROUNDS = 2;
/** How far a photo already placed is searched from its place in the next round, in pixels. */
const NEAR_REACH = 6;
/**
 * The sharper estimates look this far past the previous box, keeping groups of edges down to this share of the
 * largest: a part of the mark the first estimate left out (a © a word's space before the name) comes back.
 */
const REFINE_MARGIN = 16;
const REFINED_GROUP_SHARE = 0.1;

export function removeSameMark(photos: RawImage[], options: SameMarkOptions = {}): SameMarkResult {
  const progress = options.onProgress ?? (() => {});
  const minScore = options.minScore ?? MIN_SCORE;
  if (photos.length < MIN_PHOTOS)
    throw new AppError(
      'BAD_REQUEST',
      `The same mark is estimated from at least ${MIN_PHOTOS} photos; this batch has ${photos.length}.`,
    );
  const frame = frameSize(photos, options.hint?.index);
  const inFrame = photos
    .map((p, i) => i)
    .filter((i) => photos[i].width === frame.width && photos[i].height === frame.height);
  if (inFrame.length < MIN_PHOTOS)
    throw new AppError(
      'BAD_REQUEST',
      `The same mark is estimated from photos of one size: at least ${MIN_PHOTOS} must be ${frame.width}x${frame.height}.`,
    );
  const hint = options.hint && inFrame.includes(options.hint.index) ? options.hint.mask : null;
  // Blurred first, so a mark moved by a few pixels on some photos still lines up with itself.
  const first = markTemplate(
    blurredMedian(
      inFrame.map((i) => photos[i]),
      FIRST_BLUR,
    ),
    hint,
  );
  progress(0.15);
  const untouched = (placement: Placement): Omit<SameMarkPhoto, 'image'> => ({
    marked: false,
    placement,
    inverted: 0,
    filled: 0,
    regionsFilled: 0,
  });
  if (!first) throw noMark(0, photos.length);

  // Where each photo carries the first estimate; the marked ones, aligned, give a sharper second estimate.
  // Each photo's gradients are taken again where they are needed: a batch's would fill the memory.
  let placements = photos.map((photo) =>
    locateMark(first, colourGradients(photo), expectedCentre(first, frame, photo)),
  );
  progress(0.35);
  let template = first;
  // A photo carries the mark when its edges match nearly as well as on the batch's typical photo.
  const marked = () => {
    const bar = Math.max(minScore, RELATIVE_SCORE * median(placements.map((p) => p.score)));
    return placements.map((p, i) => i).filter((i) => placements[i].score >= bar);
  };
  for (let round = 0; round < REFINE_ROUNDS && marked().length >= MIN_PHOTOS; round++) {
    const crop = hint && round === 0 ? cropHint(hint, frame, first) : null;
    const next = refine(template, photos, placements, marked(), crop);
    if (!next) break;
    template = next.template;
    // A photo already placed is searched near its place (the sharper mark lies where the last one did).
    const placed = new Set(marked());
    placements = photos.map((photo, i) =>
      locateMark(
        template,
        colourGradients(photo),
        next.centreOf(placements[i]),
        placed.has(i) ? NEAR_REACH : undefined,
      ),
    );
  }
  progress(0.55);
  const all = photos.map((photo, i) => alignedCrop(photo, placements[i], template.width, template.height));
  const agreement = edgeAgreement(
    template,
    all.map((crop) => colourGradients(cropAsImage(crop, template.width, template.height))),
  );
  const matched = new Set(marked());
  const carriers = photos.map((p, i) => i).filter((i) => matched.has(i) && agreement[i] >= MIN_AGREEMENT);
  // A mark that only a chance few of its edges show on most photos is the photos' own edges agreeing.
  if (carriers.length < MIN_PHOTOS || median(carriers.map((i) => agreement[i])) < MIN_TYPICAL_AGREEMENT)
    throw noMark(carriers.length < MIN_PHOTOS ? carriers.length : 0, photos.length);
  const crops = carriers.map((i) => all[i]);
  const matte = estimateMatte(crops, template.support, template.width, template.height);
  progress(0.7);

  const results = photos.map((image, i): SameMarkPhoto => {
    if (!carriers.includes(i)) return { image, ...untouched(placements[i]) };
    const inversion = invertMark(image, matte, placements[i]);
    let result = inversion.image;
    if (inversion.unsafeCount > 0)
      result = inpaintImage(result, dilate(inversion.unsafe, image.width, image.height, 1), {
        kind: 'object',
      }).image;
    // Pixels handed to the fill count as lost (opacity 1) for the comparison with the photo's own fill.
    const alpha = inversion.alpha;
    for (let p = 0; p < alpha.length; p++) if (inversion.unsafe[p]) alpha[p] = 1;
    const held = heldToFill(image, result, alpha);
    progress(0.7 + (0.3 * (i + 1)) / photos.length);
    return {
      image: held.image,
      marked: true,
      placement: placements[i],
      inverted: inversion.changed,
      filled: inversion.unsafeCount,
      regionsFilled: held.regionsFilled,
    };
  });
  return { photos: results, matte };
}

/** The frame the first estimate is made in: the hint photo's size, else the commonest size. */
function frameSize(photos: RawImage[], hintIndex: number | undefined): { width: number; height: number } {
  const sameSize = (p: RawImage) => photos.filter((q) => q.width === p.width && q.height === p.height).length;
  const hinted = hintIndex === undefined ? undefined : photos[hintIndex];
  const best = hinted ?? photos.reduce((a, b) => (sameSize(b) > sameSize(a) ? b : a));
  return { width: best.width, height: best.height };
}

/** Where the box's centre is expected on a photo: the same place relative to its size. */
function expectedCentre(template: MarkTemplate, frame: { width: number; height: number }, photo: RawImage) {
  const { box } = template;
  return {
    cx: Math.round((box.x0 + middle(box.x1 - box.x0)) * (photo.width / frame.width)),
    cy: Math.round((box.y0 + middle(box.y1 - box.y0)) * (photo.height / frame.height)),
  };
}

/**
 * The second estimate: the median gradients of the marked photos' crops, aligned on where each carries the
 * first, so a mark that moved or was scaled a little is as sharp as one that stayed.
 */
function refine(
  previous: MarkTemplate,
  photos: RawImage[],
  placements: Placement[],
  marked: number[],
  hint: Bitmap | null,
): { template: MarkTemplate; centreOf: (p: Placement) => { cx: number; cy: number } } | null {
  const m = REFINE_MARGIN;
  const width = previous.width + 2 * m;
  const height = previous.height + 2 * m;
  const crops: Gradients[] = marked.map((i) =>
    colourGradients(cropAsImage(alignedCrop(photos[i], placements[i], width, height), width, height)),
  );
  const median = medianGradients(crops);
  const around = padded(dilate(previous.support, previous.width, previous.height, 4), previous.width, m);
  const template = markTemplate(median, hint, noiseThreshold(median, around), REFINED_GROUP_SHARE);
  if (!template) return null;
  const offset = {
    x: template.box.x0 + middle(template.width) - middle(width),
    y: template.box.y0 + middle(template.height) - middle(height),
  };
  return {
    template,
    centreOf: (p) => ({
      cx: Math.round(p.cx + p.scale * offset.x),
      cy: Math.round(p.cy + p.scale * offset.y),
    }),
  };
}

/** A bitmap `width` wide with `m` empty pixels added on every side. */
function padded(bitmap: Bitmap, width: number, m: number): Bitmap {
  const height = bitmap.length / width;
  const out = new Uint8Array((width + 2 * m) * (height + 2 * m));
  for (let y = 0; y < height; y++)
    out.set(bitmap.subarray(y * width, (y + 1) * width), (y + m) * (width + 2 * m) + m);
  return out;
}

/** The hint in the frame box of the first estimate, grown by the sharper estimates' margin (0 off the frame). */
function cropHint(hint: Bitmap, frame: { width: number; height: number }, template: MarkTemplate): Bitmap {
  const m = REFINE_MARGIN;
  const { box } = template;
  const width = template.width + 2 * m;
  const height = template.height + 2 * m;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const fx = box.x0 - m + x;
      const fy = box.y0 - m + y;
      if (fx >= 0 && fy >= 0 && fx < frame.width && fy < frame.height)
        out[y * width + x] = hint[fy * frame.width + fx];
    }
  return out;
}

function noMark(found: number, total: number): AppError {
  return new AppError(
    'NOTHING_TO_DO',
    found === 0
      ? 'No mark common to these photos was found: each photo is best cleaned on its own.'
      : `The mark was found on only ${found} of ${total} photos: at least ${MIN_PHOTOS} are needed to estimate it.`,
  );
}
