import { describe, expect, it } from 'vitest';
import { letterBars, loadFixture, markedWith } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat } from './float-image';
import { invertedPhoto } from './inverted-photo';
import { dilate, distanceOutside } from '../../lib/image/bitmap';

/**
 * Letter bars of white at 0.5 over a real photo, in a band painted 12 px wider than them. The bars are
 * inverted right (the photo comes back); the band's margin, where there is no mark, was "inverted" by a fit
 * of `margin.alpha` and `margin.colour`, or left as it was where `margin` is null.
 */
async function paintedBand(margin: { alpha: number; colour: number[]; faint?: number } | null) {
  const photo = toFloat(await loadFixture('garden-192x128.png'));
  const { width: w, height: h } = photo;
  const bars = letterBars(w, h);
  const mark = new Uint8Array(w * h);
  for (let i = 0; i < mark.length; i++) mark[i] = bars.alpha[i] > 0 ? 1 : 0;
  const region = dilate(bars.mask, w, h, 12);
  const ring = distanceOutside(bars.mask, w, h, 20);
  const opacity = bars.alpha.slice();
  // A faint part of the mark in the margin (a glow, the light end of a gradient), inverted right below.
  if (margin?.faint)
    for (let i = 0; i < region.length; i++) if (region[i] && !bars.mask[i]) opacity[i] = margin.faint;
  const marked = markedWith(photo, opacity, 255);
  const recovered = photo.data.slice();
  const alpha = bars.alpha.slice();
  for (let i = 0; i < region.length; i++) {
    if (!region[i] || bars.mask[i] || !margin) continue;
    if (margin.faint) {
      alpha[i] = margin.faint;
      continue;
    }
    alpha[i] = margin.alpha;
    for (let k = 0; k < 3; k++)
      recovered[i * 3 + k] = (marked[i * 3 + k] - margin.alpha * margin.colour[k]) / (1 - margin.alpha);
  }
  // The fill never saw the mark: the photo 6 px along, as a patch fill copies it from nearby.
  const filled = photo.data.slice();
  for (let i = 0; i < region.length; i++)
    if (region[i]) for (let k = 0; k < 3; k++) filled[i * 3 + k] = photo.data[(i + 6) * 3 + k];
  const found = invertedPhoto(region, marked, recovered, filled, alpha, w, h, 3);
  return { found, mark, region, ring, barsBox: bars.mask };
}

describe('the photo a fit inverted in a painted band', () => {
  it('is found where the fit moved it away from the fill, and the mark inverted right is not', async () => {
    const { found, mark, region, ring, barsBox } = await paintedBand({ alpha: 0.3, colour: [120, 40, 30] });
    let margin = 0;
    let marginFound = 0;
    let markFound = 0;
    for (let i = 0; i < region.length; i++) {
      if (mark[i] && found[i]) markFound++;
      // Beyond the 5x5 window around the bars, whose own distances would outweigh the margin's.
      if (region[i] && !barsBox[i] && ring[i] > 3) {
        margin++;
        if (found[i]) marginFound++;
      }
    }
    expect(markFound).toBe(0);
    expect(marginFound).toBeGreaterThan(0.8 * margin);
  });

  it('is not found where nothing in the margin was inverted', async () => {
    const { found } = await paintedBand(null);
    expect(found.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('leaves a faint part of the mark inverted right, but for the few pixels where the fill is off by more than the mark', async () => {
    const { found, region, barsBox } = await paintedBand({ alpha: 0.2, colour: [255, 255, 255], faint: 0.2 });
    let margin = 0;
    for (let i = 0; i < region.length; i++) if (region[i] && !barsBox[i]) margin++;
    expect(found.reduce((a, b) => a + b, 0)).toBeLessThan(0.05 * margin);
  });
});
