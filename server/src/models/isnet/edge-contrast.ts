/**
 * The refinement's edge contrast: a soft matte's values are pushed away from one half where its window spans
 * most of 0..1 (an edge between subject and background) and kept where it spans little (translucency such as
 * dense fine hair). A window's span is its max minus its min; those come from each row's sliding extremes,
 * kept for the rows the window covers, so a soft pixel reads 2 (2r + 1) values instead of (2r + 1)^2.
 */

/** Window spans at or below the first are translucency (no contrast), at or above the second edges (full). */
export const EDGE_SPAN = [0.5, 0.85] as const;

/** Sliding maximum of `values` over windows of `span`, by van Herk and Gil-Werman: 3 comparisons a value. */
function slidingMax(
  values: Float32Array,
  span: number,
  prefix: Float32Array,
  suffix: Float32Array,
  out: Float32Array,
) {
  const n = values.length;
  for (let p = 0; p < n; p++) prefix[p] = p % span === 0 ? values[p] : Math.max(prefix[p - 1], values[p]);
  for (let p = n - 1; p >= 0; p--) {
    suffix[p] = p % span === span - 1 || p === n - 1 ? values[p] : Math.max(suffix[p + 1], values[p]);
  }
  // The window starting at x is the tail of one block and the head of the next (or one whole block).
  for (let x = 0; x + span <= n; x++) out[x] = Math.max(suffix[x], prefix[x + span - 1]);
}

/** Max and min of one row over windows of radius r, clamped at the row's ends; reuses its buffers. */
export class RowExtremes {
  private readonly padded: Float32Array;
  private readonly prefix: Float32Array;
  private readonly suffix: Float32Array;

  constructor(
    private readonly width: number,
    private readonly r: number,
  ) {
    this.padded = new Float32Array(width + 2 * r);
    this.prefix = new Float32Array(width + 2 * r);
    this.suffix = new Float32Array(width + 2 * r);
  }

  /** `row` is `width` values; `max` and `min` get `width` each. */
  of(row: Float32Array, max: Float32Array, min: Float32Array): void {
    const { width, r, padded, prefix, suffix } = this;
    const span = 2 * r + 1;
    // The ends are padded with values that never win, so a window cut by the row's end takes what is inside.
    padded.fill(-Infinity, 0, r).set(row, r);
    padded.fill(-Infinity, r + width);
    slidingMax(padded, span, prefix, suffix, max);
    for (let x = r; x < r + width; x++) padded[x] = -padded[x];
    slidingMax(padded, span, prefix, suffix, min);
    for (let x = 0; x < width; x++) min[x] = -min[x];
  }
}

/**
 * Applies `contrast` around one half to the soft values of `plane` (0..1, in place), in full where the window
 * of radius r spans EDGE_SPAN[1] or more and fading to none at EDGE_SPAN[0]. Spans are those of the plane as it
 * came in: each row's extremes are taken before the row is changed.
 */
export function contrastAtEdges(
  plane: Float32Array,
  width: number,
  height: number,
  r: number,
  contrast: number,
) {
  contrastAtEdgesRows({ plane, out: plane, width, height, r, contrast }, 0, height);
}

/** contrastAtEdges from `plane` into `out`, a band of rows at a time (`out` may be `plane` for all rows at once). */
export interface EdgeContrast {
  plane: Float32Array;
  out: Float32Array;
  width: number;
  height: number;
  r: number;
  contrast: number;
}

/**
 * Rows `from` to `to` (exclusive) of `out`. A band reads `plane` r rows beyond its own, so bands done apart
 * (in other threads) need an `out` that is not `plane`.
 */
export function contrastAtEdgesRows(
  { plane, out, width, height, r, contrast }: EdgeContrast,
  from: number,
  to: number,
) {
  const span = 2 * r + 1;
  const extremes = new RowExtremes(width, r);
  // A ring of the extremes of the rows y - r .. y + r.
  const ringMax = new Float32Array(span * width);
  const ringMin = new Float32Array(span * width);
  const enter = (y: number) => {
    const slot = (y % span) * width;
    extremes.of(
      plane.subarray(y * width, (y + 1) * width),
      ringMax.subarray(slot, slot + width),
      ringMin.subarray(slot, slot + width),
    );
  };
  for (let y = Math.max(0, from - r); y < Math.min(from + r, height); y++) enter(y);
  for (let y = from; y < to; y++) {
    if (y + r < height) enter(y + r);
    const top = Math.max(0, y - r);
    const bottom = Math.min(height - 1, y + r);
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const value = plane[i];
      if (value <= 0 || value >= 1) {
        out[i] = value;
        continue;
      }
      let max = -Infinity;
      let min = Infinity;
      for (let v = top; v <= bottom; v++) {
        const slot = (v % span) * width + x;
        if (ringMax[slot] > max) max = ringMax[slot];
        if (ringMin[slot] < min) min = ringMin[slot];
      }
      const range = max - min;
      const t =
        range <= EDGE_SPAN[0]
          ? 0
          : range >= EDGE_SPAN[1]
            ? 1
            : (range - EDGE_SPAN[0]) / (EDGE_SPAN[1] - EDGE_SPAN[0]);
      const v = 0.5 + (value - 0.5) * (1 + (contrast - 1) * t);
      out[i] = v <= 0 ? 0 : v >= 1 ? 1 : v;
    }
  }
}
