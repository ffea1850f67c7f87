import { describe, expect, it } from 'vitest';
import { discMask } from '../../../test/fixtures/inpaint/fixtures';
import type { FloatImage } from './float-image';
import { continueStructure } from './structure';

/** A flat grey photo crossed by a horizontal dashed cable: 5 px thick, 12 px very dark then 8 px dark, over and over. */
function dashedCable(w: number, h: number): FloatImage {
  const data = new Float32Array(w * h * 3).fill(160);
  for (let y = 46; y <= 50; y++)
    for (let x = 0; x < w; x++) data.fill(x % 20 < 12 ? 20 : 60, (y * w + x) * 3, (y * w + x) * 3 + 3);
  return { data, width: w, height: h, channels: 3 };
}

describe('continueStructure', () => {
  it('carries a cable across the hole with its own pattern, not as a smooth bar', () => {
    const w = 200;
    const h = 96;
    const image = dashedCable(w, h);
    const hole = discMask(w, h, 100, 48, 22);
    for (let i = 0; i < hole.length; i++) if (hole[i]) image.data.fill(255, i * 3, i * 3 + 3);

    const drawn = continueStructure(image, hole, null);

    expect(drawn).not.toBeNull();
    // Along the cable's centre inside the hole: all drawn, dark, and alternating between its two shades.
    const centre: number[] = [];
    for (let x = 0; x < w; x++) {
      const i = 48 * w + x;
      if (!hole[i]) continue;
      expect(drawn![i]).toBe(1);
      centre.push(image.data[i * 3]);
    }
    expect(Math.max(...centre)).toBeLessThan(100);
    let crossings = 0;
    for (let k = 1; k < centre.length; k++) if (centre[k - 1] < 40 !== centre[k] < 40) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(3);
    // Nothing drawn outside the hole.
    for (let i = 0; i < hole.length; i++) if (!hole[i]) expect(drawn![i]).toBe(0);
  });
});
