import { describe, expect, it } from 'vitest';
import { photo } from '../../../test/fixtures/text-marks/cases';
import { renderMarked } from '../../../test/fixtures/text-marks/render-marks';
import { translucentShapes } from '../../../test/fixtures/watermark-detect/overlay-marks';
import { markProbability } from './mark-probability';

/** Mean probability over the pixels where `where` is 1, and over the others. */
function meansInAndOut(probability: Float32Array, where: Uint8Array) {
  let inSum = 0;
  let inCount = 0;
  let outSum = 0;
  for (let i = 0; i < where.length; i++) {
    if (where[i]) {
      inSum += probability[i];
      inCount++;
    } else outSum += probability[i];
  }
  return { inside: inSum / inCount, outside: outSum / (where.length - inCount) };
}

describe('markProbability', () => {
  it('sees translucent shapes laid over a photo, and little elsewhere', async () => {
    const mark = translucentShapes(
      ['rgb(20,190,210)', 'rgb(240,60,160)', 'rgb(255,255,255)'],
      0.45,
      0.3,
      0.7,
    );
    const { image, truth } = await renderMarked(photo('coffee.png'), mark, 1024);
    const probability = await markProbability(image);
    expect(probability).toHaveLength(image.width * image.height);
    const { inside, outside } = meansInAndOut(probability, truth);
    expect(inside).toBeGreaterThan(0.4);
    expect(outside).toBeLessThan(0.05);
  });
});
