/** In-place radix-2 FFT of one complex sequence of power-of-two length; the inverse is unscaled. */
function fft1d(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i];
      re[i] = re[j];
      re[j] = r;
      const m = im[i];
      im[i] = im[j];
      im[j] = m;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = start + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

/**
 * 2D FFT of a size x size plane (rows, then columns), in place. Rows from `filledRows` on must be zero (their
 * transform is zero), and only the columns `wanted` says are read are transformed in the second pass.
 */
function fft2d(
  re: Float64Array,
  im: Float64Array,
  size: number,
  inverse: boolean,
  filledRows = size,
  wanted: (column: number) => boolean = () => true,
): void {
  const rowRe = new Float64Array(size);
  const rowIm = new Float64Array(size);
  for (const rows of [true, false]) {
    for (let a = 0; a < (rows ? filledRows : size); a++) {
      if (!rows && !wanted(a)) continue;
      for (let b = 0; b < size; b++) {
        const i = rows ? a * size + b : b * size + a;
        rowRe[b] = re[i];
        rowIm[b] = im[i];
      }
      fft1d(rowRe, rowIm, inverse);
      for (let b = 0; b < size; b++) {
        const i = rows ? a * size + b : b * size + a;
        re[i] = rowRe[b];
        im[i] = rowIm[b];
      }
    }
  }
}

/**
 * Normalised autocorrelation of a zero-mean plane: for a shift (dx, dy) the mean product of the plane with
 * itself shifted, over the pixels both cover, divided by the mean square (1 at no shift). Read it with
 * `at(dx, dy)` for |dx| < width, |dy| < height. Computed through the FFT of the plane padded against wrap.
 */
export function autocorrelation(
  plane: Float32Array,
  width: number,
  height: number,
): (dx: number, dy: number) => number {
  let size = 1;
  while (size < 2 * Math.max(width, height)) size <<= 1;
  const re = new Float64Array(size * size);
  const im = new Float64Array(size * size);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) re[y * size + x] = plane[y * width + x];
  // (the padding's rows are zero; of the result only the shifts under the plane's width are read)
  fft2d(re, im, size, false, height);
  for (let i = 0; i < re.length; i++) {
    re[i] = re[i] * re[i] + im[i] * im[i];
    im[i] = 0;
  }
  fft2d(re, im, size, true, size, (x) => x < width || x > size - width);
  // The inverse is unscaled by size^2; it cancels in the ratio to the zero shift.
  const zero = re[0] / (width * height) || 1;
  return (dx, dy) => {
    const overlap = (width - Math.abs(dx)) * (height - Math.abs(dy));
    return re[((dy + size) % size) * size + ((dx + size) % size)] / overlap / zero;
  };
}
