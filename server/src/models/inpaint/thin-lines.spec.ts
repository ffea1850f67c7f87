import { describe, expect, it } from 'vitest';
import { discMask } from '../../../test/fixtures/inpaint/fixtures';
import { seededRandom } from '../../lib/random';
import type { FloatImage } from './float-image';
import { overlayThinLines } from './thin-lines';

/** Grainy mid-brown fur (seeded noise of +-12) crossed by a bright whisker 2 px wide, slightly slanted. */
function whiskerOnGrain(w: number, h: number, whisker: boolean): FloatImage {
  const random = seededRandom(7);
  const noise = () => (random() - 0.5) * 24;
  const data = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = 120 + noise();
      const centre = 40 + 0.1 * x;
      const line = whisker ? Math.max(0, 1 - Math.abs(y - centre) / 1.5) * 110 : 0;
      data.set([v + line, 0.8 * v + line, 0.6 * v + line], (y * w + x) * 3);
    }
  return { data, width: w, height: h, channels: 3 };
}

describe('overlayThinLines', () => {
  it('carries a whisker across a fill of plain grain, leaving everything outside the hole alone', () => {
    const w = 160;
    const h = 100;
    const hole = discMask(w, h, 80, 48, 20);
    // The fill a patch search would give: the same grain, without the whisker.
    const image = whiskerOnGrain(w, h, true);
    const grain = whiskerOnGrain(w, h, false);
    for (let i = 0; i < hole.length; i++)
      if (hole[i]) image.data.set(grain.data.subarray(i * 3, i * 3 + 3), i * 3);
    const before = image.data.slice();

    expect(overlayThinLines(image, hole, null, null)).toBeGreaterThanOrEqual(1);

    // Along the whisker's course inside the hole, red stands well above the grain on either side.
    let onLine = 0;
    let beside = 0;
    let n = 0;
    for (let x = 0; x < w; x++) {
      const y = Math.round(40 + 0.1 * x);
      if (!hole[y * w + x] || !hole[(y + 5) * w + x] || !hole[(y - 5) * w + x]) continue;
      onLine += image.data[(y * w + x) * 3];
      beside += 0.5 * (image.data[((y + 5) * w + x) * 3] + image.data[((y - 5) * w + x) * 3]);
      n++;
    }
    expect(n).toBeGreaterThan(20);
    expect(onLine / n - beside / n).toBeGreaterThan(50);
    for (let i = 0; i < hole.length; i++) if (!hole[i]) expect(image.data[i * 3]).toBe(before[i * 3]);
  });

  it('adds nothing to grain without lines', () => {
    const w = 160;
    const h = 100;
    const image = whiskerOnGrain(w, h, false);
    const hole = discMask(w, h, 80, 48, 20);
    const before = image.data.slice();
    expect(overlayThinLines(image, hole, null, null)).toBe(0);
    expect(image.data).toEqual(before);
  });
});
