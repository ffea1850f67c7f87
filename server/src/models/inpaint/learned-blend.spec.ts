import { describe, expect, it } from 'vitest';
import type { FloatImage } from './float-image';
import { takeLearnedDetail, takeLearnedLowFrequencies, type LearnedFill } from './learned-blend';

const W = 64;
const H = 64;

/** A square hole in the middle, 24 px wide. */
function squareHole(): Uint8Array {
  const hole = new Uint8Array(W * H);
  for (let y = 20; y < 44; y++) for (let x = 20; x < 44; x++) hole[y * W + x] = 1;
  return hole;
}

function image(value: (x: number, y: number) => number): FloatImage {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data.fill(value(x, y), (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { data, width: W, height: H, channels: 3 };
}

function learned(value: (x: number, y: number) => number, covered: Uint8Array): LearnedFill {
  return { data: Uint8Array.from(image(value).data), covered };
}

/** Mean absolute difference between horizontal neighbours inside the hole: how much fine detail there is. */
function grain(img: FloatImage, hole: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < hole.length - 1; i++)
    if (hole[i] && hole[i + 1]) {
      sum += Math.abs(img.data[(i + 1) * 3] - img.data[i * 3]);
      n++;
    }
  return sum / n;
}

describe('takeLearnedLowFrequencies', () => {
  it("moves the fill's tone to the learned fill's and keeps its own grain, inside the hole only", () => {
    const hole = squareHole();
    const checker = (x: number, y: number) => ((x + y) % 2 ? 70 : 50);
    const work = image(checker);
    const before = grain(work, hole);
    takeLearnedLowFrequencies(
      work,
      learned(() => 160, hole),
      hole,
      4,
    );
    // The hole's centre is far enough from its edge for the blurred difference to be whole.
    const centre = (32 * W + 32) * 3;
    expect((work.data[centre] + work.data[centre + 3]) / 2).toBeCloseTo(160, 0);
    expect(grain(work, hole)).toBeGreaterThan(0.9 * before);
    for (let i = 0; i < hole.length; i++)
      if (!hole[i]) expect(work.data[i * 3]).toBe(checker(i % W, 0 | (i / W)));
  });

  it('leaves pixels the learned fill does not cover as they were', () => {
    const hole = squareHole();
    const work = image(() => 50);
    takeLearnedLowFrequencies(
      work,
      learned(() => 200, new Uint8Array(W * H)),
      hole,
      4,
    );
    expect(work.data.every((v) => v === 50)).toBe(true);
  });
});

describe('takeLearnedDetail', () => {
  it("adds the learned fill's fine detail over a smooth fill without moving its tone", () => {
    const hole = squareHole();
    const work = image(() => 100);
    takeLearnedDetail(
      work,
      learned((x) => (x % 2 ? 140 : 120), hole),
      hole,
      2,
      0.5,
    );
    expect(grain(work, hole)).toBeGreaterThan(5);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < hole.length; i++)
      if (hole[i]) {
        sum += work.data[i * 3];
        n++;
      }
    expect(sum / n).toBeCloseTo(100, 0);
  });
});
