/**
 * One person out of a group photo's matte. The matte of a group is one blob where people touch, so cutting
 * by distance to the faces alone leaves a neighbour's remnant or takes a bite out of the main person's
 * shoulder. Instead every face (and the body under it) grows through the matte at the same speed, as a
 * multi-source breadth-first search: a pixel belongs to whoever reaches it first, which is the person it is
 * connected to by the shortest path inside the matte. Only the main person's part is kept; matte that no seed
 * reaches (a blob not touching anyone's face or body) is dropped too.
 */
import { boxMean } from '../guided-filter/guided-filter';
import type { Face } from '../face/types';
import { faceOnOutput, type FrameTransform } from './framing';

/** Pixels of at least this alpha (of 255) carry a person's front; soft hair below it still takes a label. */
const SOLID = 24;
/** The cut between two people is softened over this share of the main face's width. */
const FEATHER = 0.03;
/** The main face's seed is its oval (the landmarks' box) shrunk to this share, just inside its outline. */
const FACE_OVAL = 0.95;
/** A neighbour's body seed reaches this many of their face heights below the chin. */
const BODY_REACH = 1.5;
/** A neighbour's crown seed reaches this many of their face heights above the face's box. */
const CROWN_REACH = 0.3;

interface Seed {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Rectangles (output pixels) that surely belong to a person: the middle of the face and a column below it,
 * and for a rival also the crown of the head above the face's box, so hair that touches the main person's
 * hair is claimed from its own head rather than reached first across the two heads' meeting point.
 */
function seedsOf(face: Face, frame: FrameTransform, bodyTo: number, rival = false): Seed[] {
  const { box } = faceOnOutput(face, frame);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const chin = box.y + box.height;
  return [
    {
      x0: cx - 0.25 * box.width,
      x1: cx + 0.25 * box.width,
      y0: cy - 0.25 * box.height,
      y1: cy + 0.25 * box.height,
    },
    {
      x0: cx - 0.1 * box.width,
      x1: cx + 0.1 * box.width,
      y0: chin,
      y1: Math.min(bodyTo, chin + BODY_REACH * box.height),
    },
    ...(rival
      ? [
          {
            x0: cx - 0.2 * box.width,
            x1: cx + 0.2 * box.width,
            y0: box.y - CROWN_REACH * box.height,
            y1: box.y,
          },
        ]
      : []),
  ];
}

/**
 * Keeps in the frame's matte (8-bit, in place) only the person connected to the main face, with every other
 * detected face as a rival. The main body's seed runs to the frame's bottom; a neighbour's seed stops short
 * of the main person's body column, so someone standing behind the main person cannot claim their shoulders.
 */
export function isolateMainPerson(
  alpha: Uint8Array,
  frame: FrameTransform,
  main: Face,
  faces: readonly Face[],
): void {
  const { width, height } = frame;
  const n = width * height;
  const label = new Uint8Array(n); // 0 unreached, 1 main, 2 someone else
  const queue = new Int32Array(n);
  let tail = 0;
  const mainBox = faceOnOutput(main, frame).box;
  const mainX = mainBox.x + mainBox.width / 2;
  const inMainColumn = (x: number, y: number) =>
    y > mainBox.y + mainBox.height && Math.abs(x - mainX) < 0.75 * mainBox.width;
  const plant = (seed: Seed, who: 1 | 2, within = (_x: number, _y: number) => true) => {
    const x0 = Math.max(0, Math.round(seed.x0));
    const x1 = Math.min(width - 1, Math.round(seed.x1));
    const y0 = Math.max(0, Math.round(seed.y0));
    const y1 = Math.min(height - 1, Math.round(seed.y1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (label[i] !== 0 || alpha[i] < SOLID || !within(x, y)) continue;
        if (who === 2 && inMainColumn(x, y)) continue;
        label[i] = who;
        queue[tail++] = i;
      }
    }
  };
  // The main face's whole oval is theirs: a neighbour's head touching a cheek must not take part of it.
  const oval = {
    cx: mainBox.x + mainBox.width / 2,
    cy: mainBox.y + mainBox.height / 2,
    rx: (FACE_OVAL * mainBox.width) / 2,
    ry: (FACE_OVAL * mainBox.height) / 2,
  };
  plant(
    { x0: oval.cx - oval.rx, x1: oval.cx + oval.rx, y0: oval.cy - oval.ry, y1: oval.cy + oval.ry },
    1,
    (x, y) => ((x - oval.cx) / oval.rx) ** 2 + ((y - oval.cy) / oval.ry) ** 2 <= 1,
  );
  for (const seed of seedsOf(main, frame, height)) plant(seed, 1);
  for (const face of faces)
    if (face !== main) for (const seed of seedsOf(face, frame, height, true)) plant(seed, 2);

  // Fronts move one pixel per step through solid matte first; then the labels spread into the soft matte
  // (fine hair) around them, which never carries a front across the background to another blob.
  const spread = (passable: (a: number) => boolean) => {
    for (let head = 0; head < tail; head++) {
      const i = queue[head];
      const x = i % width;
      const reach = (j: number) => {
        if (label[j] !== 0 || !passable(alpha[j])) return;
        label[j] = label[i];
        queue[tail++] = j;
      };
      if (x > 0) reach(i - 1);
      if (x < width - 1) reach(i + 1);
      if (i >= width) reach(i - width);
      if (i < n - width) reach(i + width);
    }
  };
  spread((a) => a >= SOLID);
  tail = 0;
  for (let i = 0; i < n; i++) if (label[i] !== 0) queue[tail++] = i;
  spread((a) => a > 0 && a < SOLID);

  // Softened only across a cut toward someone else: the main person's own edge stays as the matte has it.
  const keep = new Float32Array(n);
  for (let i = 0; i < n; i++) keep[i] = label[i] === 2 ? 0 : 1;
  const r = Math.max(1, Math.round(FEATHER * mainBox.width));
  const soft = boxMean(boxMean(keep, width, height, r), width, height, r);
  for (let i = 0; i < n; i++) alpha[i] = label[i] === 1 ? Math.round(alpha[i] * soft[i]) : 0;
}
