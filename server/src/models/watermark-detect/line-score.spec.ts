import { describe, expect, it } from 'vitest';
import { isMarkLine, lineScore, type LineFacts } from './line-score';

// A floodlight mast's lamp on a launch-pad photo (endless-sky-data's nasa6.jpg at 1024 px), as the detector and
// the segmenter saw it: a short, confident line, sharply ended, that the segmenter sees nothing of.
const lampOnMast: LineFacts = {
  confidence: 0.965,
  elongation: 2.44,
  leak: 0.012,
  markInBox: 0.0017,
  markOnStrokes: 0.0019,
  coarse: false,
  strokeShare: 0.0003,
};

describe('isMarkLine', () => {
  it('leaves a small line the segmenter does not see, though its score would take it', () => {
    expect(lineScore(lampOnMast)).toBeGreaterThan(0);
    expect(isMarkLine(lampOnMast, false)).toBe(false);
  });

  it('takes the same line where the segmenter sees its strokes', () => {
    expect(isMarkLine({ ...lampOnMast, markOnStrokes: 0.05 }, false)).toBe(true);
  });

  it('takes it as large lettering, which the segmenter can miss', () => {
    expect(isMarkLine({ ...lampOnMast, strokeShare: 0.008 }, false)).toBe(true);
  });

  it('takes it on a photo with a tiled mark, whose small words the segmenter often misses', () => {
    expect(isMarkLine(lampOnMast, true)).toBe(true);
  });

  it('never takes a line its score drops', () => {
    expect(isMarkLine({ ...lampOnMast, confidence: 0.85 }, true)).toBe(false);
  });
});
