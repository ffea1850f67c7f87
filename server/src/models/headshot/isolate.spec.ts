import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import type { Face } from '../face/types';
import type { FrameTransform } from './framing';
import { LANDMARKS } from '../face/landmarks';
import { isolateMainPerson } from './isolate';

const SIDE = 400;
/** The frame is the photo itself: scale 1, no roll. */
const frame: FrameTransform = { width: SIDE, height: SIDE, scale: 1, roll: 0, centre: { x: 200, y: 200 } };

/** A matte painted with shapes: ellipses for heads, rectangles for bodies. */
function matte(paint: (x: number, y: number) => number): Uint8Array {
  const alpha = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) alpha[y * SIDE + x] = paint(x, y);
  return alpha;
}

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

describe('isolateMainPerson', () => {
  // The main person (face at 250, 150) and a neighbour (face at 140, 130) whose bodies touch; a stray blob
  // in the top-right corner; a faint halo of hair over the main head.
  const main = drawnFace(250, 150, 80);
  const neighbour = drawnFace(140, 130, 60);
  const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * SIDE + x];
  const paint = (x: number, y: number) => {
    if (inEllipse(x, y, 250, 145, 50, 65)) return 255;
    if (inEllipse(x, y, 140, 125, 40, 50)) return 255;
    if (y > 200 && x >= 180 && x < 340) return 255;
    if (y > 170 && x >= 70 && x < 200) return 255;
    if (x > 370 && y < 30) return 255;
    if (inEllipse(x, y, 250, 140, 56, 78)) return 12;
    return 0;
  };

  it('keeps the main person whole and drops the neighbour, even where their bodies touch', () => {
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 250, 150)).toBe(255);
    expect(at(alpha, 330, 380)).toBe(255);
    // The main body right beside the neighbour's stays: the cut follows the people, not a straight line.
    expect(at(alpha, 215, 300)).toBeGreaterThan(240);
    expect(at(alpha, 140, 125)).toBe(0);
    expect(at(alpha, 100, 300)).toBe(0);
    expect(at(alpha, 185, 180)).toBe(0);
  });

  it('drops matte that touches nobody and keeps the faint hair around the head', () => {
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 385, 15)).toBe(0);
    expect(at(alpha, 250, 65)).toBe(12);
  });

  it("gives a neighbour's hair that touches the main head back to the neighbour", () => {
    // A lock of the neighbour's hair runs from their crown to the main person's head top.
    const alpha = matte((x, y) => (x >= 140 && x < 236 && y >= 70 && y < 88 ? 255 : paint(x, y)));
    isolateMainPerson(alpha, frame, main, [neighbour, main]);
    expect(at(alpha, 200, 78)).toBe(0);
    expect(at(alpha, 250, 100)).toBe(255);
  });

  it('changes nothing for a lone person', () => {
    const alpha = matte((x, y) => (inEllipse(x, y, 250, 145, 50, 65) || (y > 200 && x >= 180) ? 255 : 0));
    const before = alpha.slice();
    isolateMainPerson(alpha, frame, main, [main]);
    expect(alpha).toEqual(before);
  });

  it("cuts between two heads along the photo's colour edge, not halfway between the faces", () => {
    // Two heads joined by a bar of solid matte; the photo's colour changes at x = 200, nearer the main face
    // (whose oval ends near x = 222) than halfway between the two faces' seeds (about x = 185).
    const main2 = filledFace(260, 130, 80);
    const rival = filledFace(120, 130, 60);
    const paint = (x: number, y: number) =>
      inEllipse(x, y, 260, 130, 40, 52) ||
      inEllipse(x, y, 120, 130, 30, 39) ||
      (y >= 110 && y < 150 && x > 120 && x < 260)
        ? 255
        : 0;
    const colour = new Uint8Array(SIDE * SIDE * 3);
    for (let i = 0; i < SIDE * SIDE; i++) colour.fill(i % SIDE < 200 ? 60 : 200, i * 3, i * 3 + 3);
    const plain = matte(paint);
    isolateMainPerson(plain, frame, main2, [rival, main2]);
    expect(at(plain, 192, 130)).toBeGreaterThan(200);
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main2, [rival, main2], colour);
    expect(at(alpha, 192, 130)).toBe(0);
    expect(at(alpha, 212, 130)).toBeGreaterThan(200);
    expect(at(alpha, 260, 130)).toBe(255);
  });

  it("gives what lies beside the main face on a pressed neighbour's side to the neighbour, up to the face's outline", () => {
    // The neighbour's face touches the main face's left cheek; a blob of skin (the neighbour's ear) lies
    // beside the main face's temple at its eyes' height, touching the main face and not the neighbour's.
    const main2 = filledFace(250, 180, 100);
    const rival = filledFace(150, 190, 90);
    const alpha = matte((x, y) =>
      inEllipse(x, y, 250, 180, 50, 65) ||
      inEllipse(x, y, 150, 190, 45, 58) ||
      inEllipse(x, y, 203, 158, 8, 7)
        ? 255
        : 0,
    );
    isolateMainPerson(alpha, frame, main2, [rival, main2]);
    expect(at(alpha, 198, 158)).toBe(0);
    expect(at(alpha, 150, 190)).toBe(0);
    expect(at(alpha, 250, 180)).toBe(255);
    // The main face keeps its own side up to its outline.
    expect(at(alpha, 215, 180)).toBeGreaterThan(200);
  });

  it("keeps the subject's own hair that falls between two pressed faces: only what looks like the neighbour's skin goes", () => {
    // Blonde hair frames the main face and fills the gap to the neighbour's face; a blob of skin (the
    // neighbour's ear) sits in that hair at the main face's temple.
    const main2 = filledFace(250, 180, 100);
    const rival = filledFace(150, 190, 90);
    const SKIN = [205, 145, 125];
    const HAIR = [215, 185, 105];
    const ear = (x: number, y: number) => inEllipse(x, y, 203, 158, 8, 7);
    const hair = (x: number, y: number) => inEllipse(x, y, 240, 165, 70, 90);
    const alpha = matte((x, y) =>
      inEllipse(x, y, 250, 180, 50, 65) || inEllipse(x, y, 150, 190, 45, 58) || hair(x, y) ? 255 : 0,
    );
    const colour = new Uint8Array(SIDE * SIDE * 3);
    for (let y = 0; y < SIDE; y++)
      for (let x = 0; x < SIDE; x++) {
        const faces = inEllipse(x, y, 250, 180, 50, 65) || inEllipse(x, y, 150, 190, 45, 58);
        const paint = ear(x, y) || faces ? SKIN : hair(x, y) ? HAIR : [0, 0, 0];
        colour.set(paint, (y * SIDE + x) * 3);
      }
    isolateMainPerson(alpha, frame, main2, [rival, main2], colour);
    expect(at(alpha, 198, 158)).toBe(0);
    // The hair beside the temple and cheek, outside the main face's outline, stays the subject's (softened
    // only by the cut's feather where it meets the neighbour's cheek, 3 px away).
    expect(at(alpha, 197, 175)).toBeGreaterThan(100);
    expect(at(alpha, 190, 140)).toBeGreaterThan(200);
  });
});

describe('isolateMainPerson with the arms the skeleton model found', () => {
  const main = drawnFace(250, 150, 80);
  const neighbour = drawnFace(60, 120, 60);
  const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * SIDE + x];
  // The main head and body, the main person's upper arm hanging down its left (columns 110 to 150), and a
  // neighbour's head and body at the left whose side touches that arm.
  const paint = (x: number, y: number) => {
    if (inEllipse(x, y, 250, 145, 50, 65)) return 255;
    if (inEllipse(x, y, 60, 115, 40, 50)) return 255;
    if (y > 200 && x >= 150 && x < 320) return 255;
    if (y > 215 && x >= 110 && x < 150) return 255;
    if (y > 165 && x >= 20 && x < 110) return 255;
    return 0;
  };

  it("keeps the main person's arm where a neighbour's body touches it", () => {
    const without = matte(paint);
    isolateMainPerson(without, frame, main, [neighbour, main]);
    // Nearer the neighbour's body than the main body's column, the arm went to the neighbour.
    expect(at(without, 125, 260)).toBe(0);
    const alpha = matte(paint);
    isolateMainPerson(alpha, frame, main, [neighbour, main], undefined, [
      { subject: true, shoulder: { x: 160, y: 215 }, elbow: { x: 130, y: 380 } },
    ]);
    expect(at(alpha, 125, 260)).toBe(255);
    expect(at(alpha, 60, 300)).toBe(0);
  });

  it('gives a forearm reaching in from outside the frame to its owner, whose face the frame leaves out', () => {
    // A forearm enters at the right edge (rows 300 to 330) and touches the main body at column 320.
    const forearm = (x: number, y: number) => (x >= 320 && y >= 300 && y < 330 ? 255 : paint(x, y));
    const without = matte(forearm);
    isolateMainPerson(without, frame, main, [neighbour, main]);
    expect(at(without, 380, 315)).toBe(255);
    const alpha = matte(forearm);
    isolateMainPerson(alpha, frame, main, [neighbour, main], undefined, [
      { subject: false, elbow: { x: 470, y: 330 }, wrist: { x: 350, y: 312 } },
    ]);
    expect(at(alpha, 380, 315)).toBe(0);
    expect(at(alpha, 250, 300)).toBe(255);
  });
});

/**
 * A face whose 468 landmarks fill its oval (as a real mesh does), width `width` and 1.3 times as tall, with
 * its eye landmarks where eyes are: 0.2 of the width either side, 0.15 of it above the centre.
 */
function filledFace(cx: number, cy: number, width: number): Face {
  const mesh = new Float32Array(468 * 3);
  for (let i = 0; i < 468; i++) {
    const r = Math.sqrt((i + 0.5) / 468);
    const a = i * 2.399963;
    mesh[i * 3] = cx + (width / 2) * r * Math.cos(a);
    mesh[i * 3 + 1] = cy + 0.65 * width * r * Math.sin(a);
  }
  for (const [eye, side] of [
    [LANDMARKS.rightEye, -1],
    [LANDMARKS.leftEye, 1],
  ] as const)
    for (const i of eye) {
      mesh[i * 3] = cx + side * 0.2 * width;
      mesh[i * 3 + 1] = cy - 0.15 * width;
    }
  const box = { x: cx - width / 2, y: cy - 0.65 * width, width, height: 1.3 * width };
  return { box, score: 0.9, meshScore: 0.9, mesh };
}
