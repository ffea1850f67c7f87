/**
 * Medians by Hoare's selection: the value a sort would put in the middle, in a fraction of a sort's steps.
 */

/** The middle value, the upper of the two middle ones for an even count; 0 for none. `values` is not changed. */
export function median(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return 0;
  const copy = Float64Array.from(values);
  selectNth(copy, n, n >> 1);
  return copy[n >> 1];
}

/**
 * The median of the first `n` values, the mean of the two middle ones for an even count, reordering them: for
 * a buffer reused across many small medians.
 */
export function medianInPlace(values: Float32Array | Float64Array, n: number): number {
  const k = n >> 1;
  selectNth(values, n, k);
  if (n & 1) return values[k];
  // The element below the middle: the largest of those the selection put before it.
  let below = values[0];
  for (let i = 1; i < k; i++) if (values[i] > below) below = values[i];
  return (below + values[k]) / 2;
}

/** Reorders the first n values so the k-th smallest is at k, the smaller ones before it and the larger after. */
function selectNth(values: Float32Array | Float64Array, n: number, k: number): void {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
