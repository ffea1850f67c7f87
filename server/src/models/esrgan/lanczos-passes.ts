/**
 * The inner loops of the centred Lanczos-4 resampling (resample.ts) at the upscaler's scales, 2 and 4,
 * written out for speed: they are most of the upscaler's pixel work outside the model.
 *
 * At an even scale, the first half of the output phases of a source pixel read taps -4..3 around it and
 * the second half -3..4, so every phase reads one window of nine samples. The loops here load each sample
 * of a window once for all phases (the general loops load it once per phase) and keep the weights in
 * locals. The products are summed in the order of the general loops, so the results are the same bit for
 * bit (resample.spec.ts compares them with lanczosUpscaleRect). The 2x and 4x loops repeat each other on
 * purpose: a loop over phases inside them would cost what writing them out saves.
 */

/** Samples every phase of a source pixel reads at 2x and 4x, from tap -4 to tap 4. */
export const WINDOW = 9;
/** Offset of the window's first sample from the source pixel. */
export const WINDOW_START = -4;

/**
 * One padded source row enlarged 2x along it: out[q + 2x + p] for x < w, phases k[0] (taps -4..3) and
 * k[1] (taps -3..4). `row[pad + x]` is source pixel x.
 */
export function rowPass2(
  row: Float64Array,
  pad: number,
  w: number,
  k: Float64Array[],
  out: Float32Array,
  q: number,
) {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = k[0];
  const [b0, b1, b2, b3, b4, b5, b6, b7] = k[1];
  for (let x = 0, s = pad + WINDOW_START; x < w; x++, s++, q += 2) {
    const m0 = row[s];
    const m1 = row[s + 1];
    const m2 = row[s + 2];
    const m3 = row[s + 3];
    const m4 = row[s + 4];
    const m5 = row[s + 5];
    const m6 = row[s + 6];
    const m7 = row[s + 7];
    const m8 = row[s + 8];
    out[q] = a0 * m0 + a1 * m1 + a2 * m2 + a3 * m3 + a4 * m4 + a5 * m5 + a6 * m6 + a7 * m7;
    out[q + 1] = b0 * m1 + b1 * m2 + b2 * m3 + b3 * m4 + b4 * m5 + b5 * m6 + b6 * m7 + b7 * m8;
  }
}

/** rowPass2 at 4x: phases k[0], k[1] read taps -4..3, k[2], k[3] taps -3..4. */
export function rowPass4(
  row: Float64Array,
  pad: number,
  w: number,
  k: Float64Array[],
  out: Float32Array,
  q: number,
) {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = k[0];
  const [b0, b1, b2, b3, b4, b5, b6, b7] = k[1];
  const [c0, c1, c2, c3, c4, c5, c6, c7] = k[2];
  const [d0, d1, d2, d3, d4, d5, d6, d7] = k[3];
  for (let x = 0, s = pad + WINDOW_START; x < w; x++, s++, q += 4) {
    const m0 = row[s];
    const m1 = row[s + 1];
    const m2 = row[s + 2];
    const m3 = row[s + 3];
    const m4 = row[s + 4];
    const m5 = row[s + 5];
    const m6 = row[s + 6];
    const m7 = row[s + 7];
    const m8 = row[s + 8];
    out[q] = a0 * m0 + a1 * m1 + a2 * m2 + a3 * m3 + a4 * m4 + a5 * m5 + a6 * m6 + a7 * m7;
    out[q + 1] = b0 * m0 + b1 * m1 + b2 * m2 + b3 * m3 + b4 * m4 + b5 * m5 + b6 * m6 + b7 * m7;
    out[q + 2] = c0 * m1 + c1 * m2 + c2 * m3 + c3 * m4 + c4 * m5 + c5 * m6 + c6 * m7 + c7 * m8;
    out[q + 3] = d0 * m1 + d1 * m2 + d2 * m3 + d3 * m4 + d4 * m5 + d5 * m6 + d6 * m7 + d7 * m8;
  }
}

/**
 * The 2x enlargement across rows: output rows o and o + W (W wide) gain phases k[0] and k[1] of the nine
 * rows from `mid[r]` on (row stride W).
 */
export function columnPass2(
  mid: Float32Array,
  r: number,
  W: number,
  k: Float64Array[],
  dst: Float32Array,
  o: number,
) {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = k[0];
  const [b0, b1, b2, b3, b4, b5, b6, b7] = k[1];
  for (let X = 0, m = r, q = o; X < W; X++, m++, q++) {
    const m0 = mid[m];
    const m1 = mid[m + W];
    const m2 = mid[m + 2 * W];
    const m3 = mid[m + 3 * W];
    const m4 = mid[m + 4 * W];
    const m5 = mid[m + 5 * W];
    const m6 = mid[m + 6 * W];
    const m7 = mid[m + 7 * W];
    const m8 = mid[m + 8 * W];
    dst[q] += a0 * m0 + a1 * m1 + a2 * m2 + a3 * m3 + a4 * m4 + a5 * m5 + a6 * m6 + a7 * m7;
    dst[q + W] += b0 * m1 + b1 * m2 + b2 * m3 + b3 * m4 + b4 * m5 + b5 * m6 + b6 * m7 + b7 * m8;
  }
}

/** columnPass2 at 4x: output rows o, o + W, o + 2W, o + 3W. */
export function columnPass4(
  mid: Float32Array,
  r: number,
  W: number,
  k: Float64Array[],
  dst: Float32Array,
  o: number,
) {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = k[0];
  const [b0, b1, b2, b3, b4, b5, b6, b7] = k[1];
  const [c0, c1, c2, c3, c4, c5, c6, c7] = k[2];
  const [d0, d1, d2, d3, d4, d5, d6, d7] = k[3];
  for (let X = 0, m = r, q = o; X < W; X++, m++, q++) {
    const m0 = mid[m];
    const m1 = mid[m + W];
    const m2 = mid[m + 2 * W];
    const m3 = mid[m + 3 * W];
    const m4 = mid[m + 4 * W];
    const m5 = mid[m + 5 * W];
    const m6 = mid[m + 6 * W];
    const m7 = mid[m + 7 * W];
    const m8 = mid[m + 8 * W];
    dst[q] += a0 * m0 + a1 * m1 + a2 * m2 + a3 * m3 + a4 * m4 + a5 * m5 + a6 * m6 + a7 * m7;
    dst[q + W] += b0 * m0 + b1 * m1 + b2 * m2 + b3 * m3 + b4 * m4 + b5 * m5 + b6 * m6 + b7 * m7;
    dst[q + 2 * W] += c0 * m1 + c1 * m2 + c2 * m3 + c3 * m4 + c4 * m5 + c5 * m6 + c6 * m7 + c7 * m8;
    dst[q + 3 * W] += d0 * m1 + d1 * m2 + d2 * m3 + d3 * m4 + d4 * m5 + d5 * m6 + d6 * m7 + d7 * m8;
  }
}

/**
 * A nine-tap filter `k` along a padded row: out[o + x] for x < w reads row[pad + x + WINDOW_START ..]. The
 * sum starts from 0 like the general loop's accumulator.
 */
export function filterRow9(
  row: Float64Array,
  pad: number,
  w: number,
  k: Float64Array,
  out: Float32Array,
  o: number,
) {
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8] = k;
  for (let x = 0, s = pad + WINDOW_START; x < w; x++, s++) {
    out[o + x] =
      0 +
      k0 * row[s] +
      k1 * row[s + 1] +
      k2 * row[s + 2] +
      k3 * row[s + 3] +
      k4 * row[s + 4] +
      k5 * row[s + 5] +
      k6 * row[s + 6] +
      k7 * row[s + 7] +
      k8 * row[s + 8];
  }
}

/** The same filter across rows: out[o + x] for x < w from the nine rows starting at rows[0..8] (offsets). */
export function filterColumn9(
  src: Float32Array,
  rows: Int32Array,
  w: number,
  k: Float64Array,
  out: Float32Array,
  o: number,
) {
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8] = k;
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = rows;
  for (let x = 0; x < w; x++) {
    out[o + x] =
      0 +
      k0 * src[r0 + x] +
      k1 * src[r1 + x] +
      k2 * src[r2 + x] +
      k3 * src[r3 + x] +
      k4 * src[r4 + x] +
      k5 * src[r5 + x] +
      k6 * src[r6 + x] +
      k7 * src[r7 + x] +
      k8 * src[r8 + x];
  }
}
