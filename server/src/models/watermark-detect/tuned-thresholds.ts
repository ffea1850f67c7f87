/**
 * The watermark finder's thresholds that were chosen by measuring on the watermark benchmark (its tuning part,
 * and for the later ones photo sets from outside the repository), in one place. The finders import them from
 * here; `npm run bench -- watermark-detect` prints them in its section of docs/BENCHMARKS.md, so the figures
 * there always sit beside the settings that gave them. How each was chosen, and what else was measured, is in
 * docs/lab/watermark-detect.md. Structural constants (working sizes, model inputs, the detector's own
 * binarisation) stay in their modules; the line score's fitted weights stay in line-score.ts, which
 * scripts/watermark-detect/fit-line-score.ts prints them for.
 */

/** A tuned value: a number, a range [least, most], or a rule's named bounds. */
export type TunedValue = number | readonly number[] | Readonly<Record<string, number | readonly number[]>>;

/** One row of the table the benchmark prints. */
export interface TunedThreshold {
  /** The finder it belongs to. */
  finder: string;
  /** The constant's name in this module. */
  name: string;
  value: TunedValue;
  /** What it governs, in a few words. */
  governs: string;
}

const table: TunedThreshold[] = [];

/** Records a threshold for the benchmark's table and gives its value back. */
function tuned<T extends TunedValue>(finder: string, name: string, governs: string, value: T): T {
  table.push({ finder, name, value, governs });
  return value;
}

// Lettering laid over the photo (the text detector's lines; text-strokes.ts, line-score.ts, find-watermark.ts).

export const LETTERING_GROWTH = tuned(
  'lettering',
  'LETTERING_GROWTH',
  'pixels the taken strokes are grown by, as a person paints past a stroke',
  2,
);
export const LARGE_TEXT_SIDE = tuned(
  'lettering',
  'LARGE_TEXT_SIDE',
  "long side (px) of the text detector's second, coarse pass for large words",
  480,
);
export const OVERLAY_TESTS = tuned(
  'lettering',
  'OVERLAY_TESTS',
  "the tests that tell a line laid over the photo from the photo's own texture (confidence, edge sharpness, " +
    'contrast in RGB distance, share of the line the strokes fill, leak, thickness over the unclip distance)',
  {
    minConfidence: 0.8,
    minSharpness: 0.5,
    softSharpness: 0.43,
    softMaxFill: 0.35,
    minContrast: 18,
    shapedElongation: 3.5,
    shapedMaxLeak: 0.35,
    shapedMinSharpness: 0.5,
    minFill: 0.05,
    maxFill: 0.75,
    maxLeak: 1.1,
    maxThickness: 1.5,
    surfaceFill: 0.5,
    surfaceSharpness: 0.55,
  },
);
export const LARGE_LETTERING = tuned(
  'lettering',
  'LARGE_LETTERING',
  "what a line of the coarse pass must also have: the share of it its strokes fill, and their thickness over the line's unclip distance",
  { minFill: 0.25, minThickness: 0.2 },
);
export const LEAK_REACH = tuned(
  'lettering',
  'LEAK_REACH',
  "how near (in unclip distances, and at least in px) the leak test compares a pixel outside a line with the line's pixels",
  { unclip: 2, leastPx: 6 },
);
export const STROKE_GROWTH = tuned(
  'lettering',
  'STROKE_GROWTH',
  "growth of a line's strokes into its outline, shadow and halo: reach in unclip distances, least shift as a share " +
    "of the strokes' contrast, and the share of the ring's pixels whose shift it must exceed",
  { reach: 0.5, shift: 0.4, aboveRing: 0.8 },
);
export const UNSEEN_LINE = tuned(
  'lettering',
  'UNSEEN_LINE',
  "a small line (strokes under `small` of the photo) on whose strokes the mark segmenter's mean is under `mean` is not taken, unless the photo has a tiled mark",
  { mean: 0.025, small: 0.005 },
);

// Marks tiled over the whole photo (tiling.ts).

export const TILE_MIN_STRENGTH = tuned(
  'tiled marks',
  'TILE_MIN_STRENGTH',
  'how far a repeat must stand above the autocorrelation around it',
  0.1,
);
export const TILE_MIN_AGREEMENT = tuned(
  'tiled marks',
  'TILE_MIN_AGREEMENT',
  "mean share of a tiled mark's repeats that must carry each of its strokes",
  0.76,
);

// A semi-opaque band across the photo (banner.ts).

export const BANNER_K_RANGE = tuned('banner', 'BANNER_K_RANGE', "the band's 1 - opacity", [0.15, 0.88]);
export const BANNER_MIN_STEP = tuned(
  'banner',
  'BANNER_MIN_STEP',
  "least colour step (RGB distance) across the band's edge",
  14,
);
export const BANNER_MAX_RESIDUAL = tuned(
  'banner',
  'BANNER_MAX_RESIDUAL',
  "share of the edge's step the blend map may leave unexplained",
  0.3,
);
export const BANNER_SEEN = tuned(
  'banner',
  'BANNER_SEEN',
  'least mean of the mark segmenter over a band for it to be proposed',
  0.05,
);

// A camera's orange date imprint on a warm photo (date-imprint.ts).

export const IMPRINT_STANDS_OUT = tuned(
  'date imprint',
  'IMPRINT_STANDS_OUT',
  "how far a digit's pixel stands above its surroundings' imprint-likeness",
  0.25,
);

// Translucent shapes by their outlines (overlay-shapes.ts).

export const SHAPE_MIN_STEP = tuned(
  'shapes',
  'SHAPE_MIN_STEP',
  'least colour step (RGB distance) of an outline',
  10,
);
export const SHAPE_MIN_ALONG = tuned(
  'shapes',
  'SHAPE_MIN_ALONG',
  'share of its run of outline a shape must lie along',
  0.5,
);
export const SHAPE_MIN_CONSISTENT = tuned(
  'shapes',
  'SHAPE_MIN_CONSISTENT',
  "share of a shape's border that must obey the run's blend map",
  0.3,
);
export const SHAPES_SEEN = tuned(
  'shapes',
  'SHAPES_SEEN',
  'least mean of the mark segmenter over the shapes for them to be proposed',
  0.005,
);

// The mark segmenter's regions (segmented-marks.ts).

export const SEGMENT_REGION = tuned(
  'segmenter',
  'SEGMENT_REGION',
  "probability from which the segmenter's pixels form a region",
  0.5,
);
export const SEGMENT_TAKEN = tuned(
  'segmenter',
  'SEGMENT_TAKEN',
  "probability from which a taken region's pixels are proposed (its hesitant rim is mostly photo)",
  0.7,
);
export const SEGMENT_ALONE = tuned(
  'segmenter',
  'SEGMENT_ALONE',
  'least mean probability and share of the photo for a region that meets nothing found to stand on its own',
  { mean: 0.87, area: 0.02 },
);
export const LETTERING_MARGIN = tuned(
  'segmenter',
  'LETTERING_MARGIN',
  'pixels around lettering drawn stroke by stroke where the segmenter adds nothing',
  6,
);
export const EMBLEM_BESIDE_WORD = tuned(
  'segmenter',
  'EMBLEM_BESIDE_WORD',
  "a region taken as a logo's emblem beside a line taken as a mark: least mean (and when touching the line), " +
    "gap, level offset, height and width, in the line's heights",
  { mean: 0.7, touching: 0.85, gap: 1.5, level: 0.4, height: [0.6, 3.5], width: [0.4, 5] },
);
export const LETTERS_BESIDE_EMBLEM = tuned(
  'segmenter',
  'LETTERS_BESIDE_EMBLEM',
  "a region taken as a letter of a logo's word beside a region taken: least mean, gap, level offset, height and " +
    "width, in that region's heights",
  { mean: 0.8, gap: 1.5, level: 0.25, height: [0.1, 0.6], width: [0.05, 2] },
);

/** Every tuned threshold above, in the order they are defined, for the benchmark's report. */
export const TUNED_THRESHOLDS: readonly TunedThreshold[] = table;

/** A value as the report shows it: `0.5`, `0.15-0.88`, `mean 0.87, area 0.02`. */
export function formatTunedValue(value: TunedValue): string {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join('-');
  return Object.entries(value)
    .map(([key, v]) => `${key} ${typeof v === 'number' ? v : (v as readonly number[]).join('-')}`)
    .join(', ');
}
