/**
 * Fits the lettering's final score (server/src/models/watermark-detect/line-score.ts): a logistic regression over
 * the lines that pass the overlay tests, on the watermark benchmark's tuning part and on folders of photos marked
 * the benchmark's way (buildWideSet: each photo marked twice and once left clean). A line counts as a mark when
 * at least half of its strokes lie within 2 px of one. The features are standardised, each class weighed
 * inversely to its frequency, with an L2 penalty of one half on the weights (scikit-learn's LogisticRegression
 * with C = 1 and balanced class weights); the weights are printed as line-score.ts holds them, with the
 * standardisation and the margin folded in.
 *
 *   node --import tsx scripts/watermark-detect/fit-line-score.ts [--margin=1.5] DIR[:PHOTOS]...
 *
 * PHOTOS: how many of the folder's photos (buildWideSet's `photos`, default 31). The shipped weights:
 * endless-sky-data's `images/land`, `images/land:60` and `images/scene` (docs/lab/watermark-detect.md, part 17).
 */
import { buildWatermarkSet, buildWideSet } from '../../bench/watermark-set';
import { dilate } from '../../server/src/lib/image/bitmap';
import { findWatermark, type WatermarkFindings } from '../../server/src/models/watermark-detect';
import type { LineFacts } from '../../server/src/models/watermark-detect/line-score';

const NAMES = ['confidence', 'logElongation', 'leak', 'markInBox', 'markOnStrokes', 'coarse'];
const featuresOf = (f: LineFacts) => [
  f.confidence,
  Math.log(f.elongation),
  f.leak,
  f.markInBox,
  f.markOnStrokes,
  f.coarse ? 1 : 0,
];

const margin = Number(process.argv.find((a) => a.startsWith('--margin='))?.slice(9) ?? 1.5);
const folders = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (folders.length === 0) {
  console.error('Usage: fit-line-score.ts [--margin=1.5] DIR[:PHOTOS]...');
  process.exit(2);
}

const xs: number[][] = [];
const ys: number[] = [];
const caseSets = [() => buildWatermarkSet({ parts: ['tuning'] })].concat(
  folders.map((arg) => {
    const [, dir, photos] = /^(.*?)(?::(\d+))?$/.exec(arg)!;
    return () => buildWideSet(dir, { photos: photos ? Number(photos) : undefined });
  }),
);
for (const build of caseSets) {
  for (const c of await build()) {
    const { width, height } = c.input;
    const report: WatermarkFindings = { textLines: 0, tiled: false, keepStrokes: true };
    await findWatermark(c.input, report);
    const near = dilate(c.trueMask, width, height, 2);
    for (const line of report.lettering ?? []) {
      if (!line.facts || !line.strokes) continue;
      let strokes = 0;
      let onMark = 0;
      for (let i = 0; i < near.length; i++) {
        if (!line.strokes[i]) continue;
        strokes++;
        if (near[i]) onMark++;
      }
      if (strokes === 0) continue;
      xs.push(featuresOf(line.facts));
      ys.push(onMark / strokes >= 0.5 ? 1 : 0);
    }
  }
}

const dims = NAMES.length;
const mean = NAMES.map((_, j) => xs.reduce((s, x) => s + x[j], 0) / xs.length);
const std = NAMES.map(
  (_, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / xs.length) || 1,
);
const standard = xs.map((x) => [...x.map((v, j) => (v - mean[j]) / std[j]), 1]);
const marks = ys.reduce((s, y) => s + y, 0);
const classWeight = [ys.length / (2 * (ys.length - marks)), ys.length / (2 * marks)];

// Newton's method on the penalised, weighted log-loss; the intercept (last) is not penalised.
const theta = new Array<number>(dims + 1).fill(0);
for (let step = 0; step < 25; step++) {
  const gradient = theta.map((t, j) => (j < dims ? t : 0));
  const hessian = theta.map((_, j) => theta.map((__, k) => (j === k && j < dims ? 1 : 0)));
  standard.forEach((x, i) => {
    const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * theta[j], 0)));
    const weight = classWeight[ys[i]];
    for (let j = 0; j <= dims; j++) {
      gradient[j] += weight * (p - ys[i]) * x[j];
      for (let k = 0; k <= dims; k++) hessian[j][k] += weight * p * (1 - p) * x[j] * x[k];
    }
  });
  const delta = solve(hessian, gradient);
  theta.forEach((_, j) => (theta[j] -= delta[j]));
}

const raw = NAMES.map((_, j) => theta[j] / std[j]);
const bias = theta[dims] - NAMES.reduce((s, _, j) => s + (theta[j] * mean[j]) / std[j], 0) + margin;
console.info(`${xs.length} lines, ${marks} on a mark; margin ${margin}`);
console.info(`  bias: ${bias.toFixed(2)},`);
NAMES.forEach((name, j) => console.info(`  ${name}: ${raw[j].toFixed(3)},`));

/** x with a x = b, by Gaussian elimination with partial pivoting (a is small and well conditioned). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = col + 1; r < n; r++) {
      const f = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let c = r + 1; c < n; c++) s -= m[r][c] * x[c];
    x[r] = s / m[r][r];
  }
  return x;
}
