import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import type { Hand } from '../hands/hand-detector.model';
import type { FrameTransform } from './framing';
import { dropFromMatte, othersHands } from './others-hands';

const SIZE = 400;
/** A frame that shows the photo as it is: output pixels are photo pixels. */
const FRAME: FrameTransform = {
  width: SIZE,
  height: SIZE,
  scale: 1,
  roll: 0,
  centre: { x: SIZE / 2, y: SIZE / 2 },
};
/** The subject's face, 100 px wide, centred at (200, 130): the chin near row 195. */
const FACE = drawnFace(200, 130, 100);

/**
 * A hand of 21 landmarks: the wrist at `wrist`, the knuckles a hand length (40 px) along `toward` (a unit
 * vector), the fingertips two lengths along it, spread a little across.
 */
function hand(wrist: { x: number; y: number }, toward: { x: number; y: number }, score = 0.8): Hand {
  const points = new Float32Array(42);
  const across = { x: -toward.y, y: toward.x };
  const put = (k: number, along: number, side: number) => {
    points[k * 2] = wrist.x + toward.x * along * 40 + across.x * side * 10;
    points[k * 2 + 1] = wrist.y + toward.y * along * 40 + across.y * side * 10;
  };
  put(0, 0, 0);
  for (let finger = 0; finger < 5; finger++)
    for (let joint = 0; joint < 4; joint++) put(1 + finger * 4 + joint, 0.6 + joint * 0.45, finger - 2);
  return { box: { x: 0, y: 0, width: 1, height: 1 }, score, points };
}

/** The subject everywhere below row 200 between columns 60 and 340; `other` there instead where it says. */
function scene(other?: (x: number, y: number) => boolean) {
  const alpha = new Uint8Array(SIZE * SIZE);
  const label = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      const headOrBody = Math.hypot((x - 200) / 60, (y - 130) / 80) < 1 || (y > 200 && x > 60 && x < 340);
      if (other?.(x, y)) label[i] = 2;
      else if (headOrBody) {
        label[i] = 1;
        alpha[i] = 255;
      }
    }
  return { alpha, label };
}

describe('othersHands', () => {
  it("drops a partner's hand laid over the subject's shoulder from behind: fingers down, forearm up", () => {
    const { alpha, label } = scene();
    const { drop, judged } = othersHands(
      [hand({ x: 90, y: 170 }, { x: 0, y: 1 })],
      FRAME,
      FACE,
      alpha,
      label,
    );
    expect(judged.map((j) => j.others)).toEqual(['arm-over-the-shoulder']);
    // The fingers on the shoulder go, and the forearm above them.
    expect(drop[230 * SIZE + 90]).toBe(1);
    expect(drop[160 * SIZE + 90]).toBe(1);
    // The subject's face and the other shoulder stay.
    expect(drop[130 * SIZE + 200]).toBe(0);
    expect(drop[230 * SIZE + 300]).toBe(0);
  });

  it("keeps the subject's own raised hand, its forearm running down to the elbow", () => {
    const { alpha, label } = scene();
    const { drop, judged } = othersHands(
      [hand({ x: 150, y: 330 }, { x: 0, y: -1 })],
      FRAME,
      FACE,
      alpha,
      label,
    );
    expect(judged.map((j) => j.others)).toEqual([undefined]);
    expect(drop.includes(1)).toBe(false);
  });

  it("drops a hand whose forearm runs into someone else's part of the photo", () => {
    // A neighbour stands right of column 340; their forearm reaches in front of the subject's chest.
    const { alpha, label } = scene((x, y) => x >= 340 && y > 150);
    const { judged } = othersHands([hand({ x: 300, y: 300 }, { x: -1, y: 0 })], FRAME, FACE, alpha, label);
    expect(judged.map((j) => j.others)).toEqual(['forearm-in-someone-else']);
  });

  it("drops a hand whose forearm runs to someone else's elbow, found though their face is outside the frame", () => {
    // A fist in front of the subject's chest, its wrist below it; the forearm runs down and right.
    const { alpha, label } = scene();
    const fist = hand({ x: 260, y: 330 }, { x: -0.3, y: -0.95 });
    const elsewhere = { subject: true, elbow: { x: 100, y: 380 } };
    const { drop, judged } = othersHands([fist], FRAME, FACE, alpha, label, [
      elsewhere,
      { subject: false, elbow: { x: 290, y: 420 } },
    ]);
    expect(judged.map((j) => j.others)).toEqual(['elbow-of-someone-else']);
    // The fist goes, and the forearm toward that elbow.
    expect(drop[300 * SIZE + 270]).toBe(1);
    expect(drop[380 * SIZE + 276]).toBe(1);
    // The subject's own hand, the same fist with the subject's elbow in line, stays.
    const own = othersHands([fist], FRAME, FACE, alpha, label, [
      { subject: true, elbow: { x: 288, y: 418 } },
      { subject: false, elbow: { x: 290, y: 420 } },
    ]);
    expect(own.judged.map((j) => j.others)).toEqual([undefined]);
  });

  it("drops an arm round the subject's shoulders, reaching in from the side above the chest", () => {
    const { alpha, label } = scene();
    const { judged } = othersHands([hand({ x: 70, y: 240 }, { x: 1, y: 0.2 })], FRAME, FACE, alpha, label);
    expect(judged.map((j) => j.others)).toEqual(['arm-round-the-shoulders']);
  });

  it("leaves the subject's arm laid over someone else alone: no part of the subject under the hand", () => {
    // The hand rests outside the subject, on nobody the frame keeps.
    const { alpha, label } = scene();
    const { judged } = othersHands([hand({ x: 30, y: 170 }, { x: 0, y: 1 })], FRAME, FACE, alpha, label);
    expect(judged).toEqual([]);
  });

  it('ignores hands the models are unsure of', () => {
    const { alpha, label } = scene();
    const { judged } = othersHands([hand({ x: 90, y: 170 }, { x: 0, y: 1 }, 0.1)], FRAME, FACE, alpha, label);
    expect(judged).toEqual([]);
  });
});

describe('dropFromMatte', () => {
  it('clears what is dropped and softens the matte only beside it', () => {
    const alpha = new Uint8Array(100 * 100).fill(255);
    const drop = new Uint8Array(100 * 100);
    for (let y = 40; y < 60; y++) for (let x = 40; x < 60; x++) drop[y * 100 + x] = 1;
    dropFromMatte(alpha, drop, 100, 100, 3);
    expect(alpha[50 * 100 + 50]).toBe(0);
    expect(alpha[50 * 100 + 61]).toBeGreaterThan(0);
    expect(alpha[50 * 100 + 61]).toBeLessThan(255);
    expect(alpha[10 * 100 + 10]).toBe(255);
  });
});
