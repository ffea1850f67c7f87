import { UNSEEN_LINE } from './tuned-thresholds';

/** What a line of lettering, already past the overlay tests, is judged on at the end. */
export interface LineFacts {
  /** The text detector's mean probability over the line's core. */
  confidence: number;
  /** Length over height of the line's core. */
  elongation: number;
  /** Share of the pixels just outside the line shifted like its strokes, over the share inside. */
  leak: number;
  /** The mark segmenter's mean probability over the line's box. */
  markInBox: number;
  /** The mark segmenter's mean probability over the line's strokes. */
  markOnStrokes: number;
  /** Whether the line comes from the detector's coarse pass, for large lettering. */
  coarse: boolean;
  /** Share of the photo the line's strokes cover. */
  strokeShare: number;
}

/**
 * A logistic regression over the lines the overlay tests took on the tuning part and on endless-sky-data's
 * landscapes and scenes (each marked twice by the benchmark's drawings and once left clean), a line counting as
 * a mark when at least half its strokes lie on one; docs/lab/watermark-detect.md, part 17, says how it was
 * fitted and what else was tried, and scripts/watermark-detect/fit-line-score.ts fits it again (refitted with
 * the segmenter it reads whenever that is retrained: part 20). What carries it is the detector's confidence and
 * the segmenter's contrast: a word laid over a photo is seen by the segmenter on its strokes more than around
 * them; a photo's own rocks, beams, railings and printed labels, which the text detector reads as lines, are
 * not.
 */
const WEIGHTS = {
  bias: -31.41,
  confidence: 33.588,
  logElongation: 0.799,
  leak: -3.805,
  markInBox: -2.894,
  markOnStrokes: 4.275,
  coarse: 0.762,
};

/**
 * A line's score: its log-odds of lying on a mark plus a margin (folded into the bias; chosen on opencv-doc's
 * photos, which the fit never saw); the line is taken as lettering laid over the photo when it is above zero and isMarkLine's
 * floor lets it.
 */
export function lineScore(facts: LineFacts): number {
  return (
    WEIGHTS.bias +
    WEIGHTS.confidence * facts.confidence +
    WEIGHTS.logElongation * Math.log(facts.elongation) +
    WEIGHTS.leak * facts.leak +
    WEIGHTS.markInBox * facts.markInBox +
    WEIGHTS.markOnStrokes * facts.markOnStrokes +
    (facts.coarse ? WEIGHTS.coarse : 0)
  );
}

/**
 * Whether a line, with `facts`, is taken as lettering laid over the photo; `tiled`: a tiled mark was found. A
 * small line whose strokes the segmenter does not see at all is a photo's own text (a sign, a label, a mast's
 * lamp, reeds on a lake; UNSEEN_LINE, docs/lab/watermark-detect.md, part 22). Large lettering the segmenter can
 * miss (at its half scale the inside of a big letter is flat), and it misses many tiled words, whose repetition
 * is evidence enough; so the floor holds only for small lines on a photo without a tiled mark.
 */
export function isMarkLine(facts: LineFacts, tiled: boolean): boolean {
  const seen = facts.markOnStrokes >= UNSEEN_LINE.mean || facts.strokeShare >= UNSEEN_LINE.small || tiled;
  return seen && lineScore(facts) > 0;
}
