/**
 * Foreground colour estimation by Blur-Fusion (Forte and Pitie 2021, "Approximate Fast Foreground Colour
 * Estimation"): at a soft edge the photo's pixel mixes subject and old background, I = aF + (1 - a)B. Placed
 * on a new backdrop as is, that old background shows as a halo. Local means of the subject's and the
 * background's colours, weighted by the matte, give F = Fm + a (I - a Fm - (1 - a) Bm). The means are smooth, so
 * they are computed at the working resolution and interpolated when the full-resolution colours are written.
 */

export interface ColourMeans {
  width: number;
  height: number;
  /** Planar RGB, 0..255: local mean colour of the subject (fg) and of the background (bg). */
  fg: Float32Array[];
  bg: Float32Array[];
}

/** Adds (sign 1) or takes away (-1) one row's weight and weighted colours to the column sums. */
function addWeightedRow(
  columns: Float64Array,
  [red, green, blue]: Float32Array[],
  weight: Float32Array,
  from: number,
  length: number,
  sign: number,
): void {
  for (let i = from, end = from + length, c = 0; i < end; i++, c += 4) {
    const w = sign * weight[i];
    columns[c] += w;
    columns[c + 1] += w * red[i];
    columns[c + 2] += w * green[i];
    columns[c + 3] += w * blue[i];
  }
}

/**
 * The weighted window means of three colour planes: box(weight x colour) / box(weight), 0 where the weight's
 * mean is about 0. The four window sums come from running column sums in one pass (one plane per colour out,
 * none per product), windows clamped at the borders as boxMean's are.
 */
function weightedMeans(
  colour: Float32Array[],
  weight: Float32Array,
  width: number,
  height: number,
  r: number,
): Float32Array[] {
  const out = [0, 1, 2].map(() => new Float32Array(width * height));
  const [outR, outG, outB] = out;
  const columns = new Float64Array(width * 4);
  const addRow = (y: number, sign: number) => addWeightedRow(columns, colour, weight, y * width, width, sign);
  for (let y = 0; y <= Math.min(r, height - 1); y++) addRow(y, 1);
  for (let y = 0; y < height; y++) {
    if (y > 0) {
      if (y + r < height) addRow(y + r, 1);
      if (y - r - 1 >= 0) addRow(y - r - 1, -1);
    }
    const rows = Math.min(y + r, height - 1) - Math.max(y - r, 0) + 1;
    let sw = 0;
    let sr = 0;
    let sg = 0;
    let sb = 0;
    for (let c = 0, end = Math.min(r, width - 1) * 4; c <= end; c += 4) {
      sw += columns[c];
      sr += columns[c + 1];
      sg += columns[c + 2];
      sb += columns[c + 3];
    }
    for (let x = 0, o = y * width; x < width; x++, o++) {
      if (x > 0 && x + r < width) {
        const c = (x + r) * 4;
        sw += columns[c];
        sr += columns[c + 1];
        sg += columns[c + 2];
        sb += columns[c + 3];
      }
      if (x - r - 1 >= 0) {
        const c = (x - r - 1) * 4;
        sw -= columns[c];
        sr -= columns[c + 1];
        sg -= columns[c + 2];
        sb -= columns[c + 3];
      }
      const count = rows * (Math.min(x + r, width - 1) - Math.max(x - r, 0) + 1);
      if (sw > 1e-4 * count) {
        outR[o] = sr / sw;
        outG[o] = sg / sw;
        outB[o] = sb / sw;
      }
    }
  }
  return out;
}

/**
 * Two Blur-Fusion passes at low resolution (a wide one, then a narrow one on its output) on interleaved RGB
 * and an 8-bit matte of the same size.
 */
export function colourMeans(rgb: Uint8Array, alpha: Uint8Array, width: number, height: number): ColourMeans {
  const n = width * height;
  const image = [0, 1, 2].map((c) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = rgb[i * 3 + c];
    return plane;
  });
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = alpha[i] / 255;
    b[i] = 1 - a[i];
  }
  const side = Math.max(width, height);
  let fg: Float32Array[] = image;
  let bg: Float32Array[] = image;
  for (const r of [Math.max(4, Math.round(side / 24)), Math.max(2, Math.round(side / 256))]) {
    const fm = weightedMeans(fg, a, width, height, r);
    const bm = weightedMeans(bg, b, width, height, r);
    // Each estimate is written over its means, pixel by pixel once they are read.
    for (let c = 0; c < 3; c++) {
      const photo = image[c];
      const f = fm[c];
      const g = bm[c];
      for (let i = 0; i < n; i++) {
        const residual = photo[i] - a[i] * f[i] - b[i] * g[i];
        const nf = f[i] + a[i] * residual;
        const ng = g[i] + b[i] * residual;
        f[i] = nf < 0 ? 0 : nf > 255 ? 255 : nf;
        g[i] = ng < 0 ? 0 : ng > 255 ? 255 : ng;
      }
    }
    fg = fm;
    bg = bm;
  }
  // Means of the estimates, for interpolation at full resolution where the narrow pass is too coarse.
  const r = Math.max(2, Math.round(side / 256));
  return {
    width,
    height,
    fg: weightedMeans(fg, a, width, height, r),
    bg: weightedMeans(bg, b, width, height, r),
  };
}

/**
 * Full-resolution subject colours: the photo's own colour where the matte is solid, and the Blur-Fusion
 * estimate where it is soft. Rows are produced one at a time; `out` is interleaved RGB or RGBA (its alpha
 * left alone), and may be `rgb` itself: each pixel is read before it is written.
 */
export function decontaminate(
  means: ColourMeans,
  rgb: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  outChannels: 3 | 4,
): void {
  const { width: w, height: h, fg, bg } = means;
  const x0 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(Math.max(((x + 0.5) * w) / width - 0.5, 0), w - 1);
    x0[x] = Math.min(Math.floor(sx), w - 2 < 0 ? 0 : w - 2);
    fx[x] = w > 1 ? sx - x0[x] : 0;
  }
  const sample = (plane: Float32Array, o0: number, o1: number, fy: number, x: number) => {
    const l = x0[x];
    const u = Math.min(l + 1, w - 1);
    const top = plane[o0 + l] + (plane[o0 + u] - plane[o0 + l]) * fx[x];
    const bottom = plane[o1 + l] + (plane[o1 + u] - plane[o1 + l]) * fx[x];
    return top + (bottom - top) * fy;
  };
  for (let y = 0; y < height; y++) {
    const sy = Math.min(Math.max(((y + 0.5) * h) / height - 0.5, 0), h - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, h - 1);
    const fy = sy - y0;
    const o0 = y0 * w;
    const o1 = y1 * w;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = alpha[i] / 255;
      const j = i * 3;
      const k = i * outChannels;
      if (a >= 1 || a <= 0) {
        out[k] = rgb[j];
        out[k + 1] = rgb[j + 1];
        out[k + 2] = rgb[j + 2];
        continue;
      }
      for (let c = 0; c < 3; c++) {
        const f = sample(fg[c], o0, o1, fy, x);
        const b = sample(bg[c], o0, o1, fy, x);
        const v = f + a * (rgb[j + c] - a * f - (1 - a) * b) + 0.5;
        out[k + c] = v <= 0 ? 0 : v >= 255 ? 255 : v;
      }
    }
  }
}
