/**
 * One person out of a group photo's matte. The matte of a group is one blob where people touch, so cutting
 * by distance to the faces alone leaves a neighbour's remnant or takes a bite out of the main person's
 * shoulder. Instead every face (and the body under it) grows through the matte, all fronts at once: a pixel
 * belongs to whoever reaches it first, which is the person it is connected to by the cheapest path inside
 * the matte. Above the chin a step costs one pixel plus the photo's colour edge it crosses, so where two
 * heads touch the fronts stall on the line between them (hair against skin, a jaw's shadow) rather than
 * meeting halfway in a straight cut; where a neighbour's face presses against the subject's, the subject's
 * side ends at its own face's outline. Only the main person's part is kept; matte that no seed reaches (a
 * blob not touching anyone's face or body) is dropped too.
 */
import { boxMean } from '../guided-filter/guided-filter';
import type { Face } from '../face/types';
import type { Arm } from './arms';
import { faceOnOutput, toOutput, type FrameTransform } from './framing';
import { distanceToSegment } from './geometry';
import { givePressedGaps } from './pressed-faces';

/** Pixels of at least this alpha (of 255) carry a person's front; soft hair below it still takes a label. */
const SOLID = 24;
/** The cut between two people is softened over this share of the main face's width. */
const FEATHER = 0.03;
/** Each face's seed is its oval (the landmarks' box) shrunk to this share, just inside its outline. */
const FACE_OVAL = 0.95;
/** A neighbour's body seed reaches this many of their face heights below the chin. */
const BODY_REACH = 1.5;
/** A neighbour's crown seed reaches this many of their face heights above the face's box. */
const CROWN_REACH = 0.3;
/** An arm's bones (shoulder to elbow, elbow to wrist) seed its owner this wide (radius), in face widths. */
const BONE_RADIUS = 0.12;
/** A step onto a pixel costs one plus this many per level of colour edge there (0-255, after a 3x3 mean). */
const EDGE_COST = 0.5;
/** The dearest step, so the fronts' queue has a bounded number of buckets. */
const MAX_STEP = 64;

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
 * `arms` (photo pixels) seed their owners along their bones, which reach people whose face the frame leaves
 * out and keep an arm to its owner where it touches a neighbour.
 * Returns whose each pixel is: 1 the main person, 2 someone else, 0 no one.
 */
export function isolateMainPerson(
  alpha: Uint8Array,
  frame: FrameTransform,
  main: Face,
  faces: readonly Face[],
  colour?: Uint8Array,
  arms: readonly Arm[] = [],
): Uint8Array {
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
  // A face's whole oval is its own: a neighbour's head touching a cheek must not take part of the main
  // face, and the neighbour's face is never part of the subject (the main oval, planted first, wins where
  // the two overlap).
  const plantOval = (face: Face, who: 1 | 2) => {
    const { box } = faceOnOutput(face, frame);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const rx = (FACE_OVAL * box.width) / 2;
    const ry = (FACE_OVAL * box.height) / 2;
    plant({ x0: cx - rx, x1: cx + rx, y0: cy - ry, y1: cy + ry }, who, (x, y) => {
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) return false;
      return who === 1 || label[y * width + x] === 0;
    });
  };
  const plantBones = (subject: boolean) => {
    const radius = BONE_RADIUS * mainBox.width;
    for (const arm of arms) {
      if (arm.subject !== subject) continue;
      const [shoulder, elbow, wrist] = [arm.shoulder, arm.elbow, arm.wrist].map(
        (p) => p && toOutput(frame, p),
      );
      for (const [a, b] of [
        [shoulder, elbow],
        [elbow, wrist],
      ])
        if (a && b) {
          const near = (x: number, y: number) => distanceToSegment({ x, y }, a, b) <= radius;
          const box = {
            x0: Math.min(a.x, b.x) - radius,
            x1: Math.max(a.x, b.x) + radius,
            y0: Math.min(a.y, b.y) - radius,
            y1: Math.max(a.y, b.y) + radius,
          };
          plant(box, subject ? 1 : 2, near);
        }
    }
  };
  plantOval(main, 1);
  for (const seed of seedsOf(main, frame, height)) plant(seed, 1);
  plantBones(true);
  for (const face of faces)
    if (face !== main) {
      plantOval(face, 2);
      for (const seed of seedsOf(face, frame, height, true)) plant(seed, 2);
    }
  plantBones(false);

  // Fronts move through solid matte first, cheapest path first (costs from the photo's edges); then the
  // labels spread into the soft matte (fine hair) around them, which never carries a front across the
  // background to another blob.
  growByCost(
    label,
    queue.subarray(0, tail),
    alpha,
    width,
    height,
    stepCosts(colour, width, height, mainBox.y + mainBox.height),
  );
  tail = 0;
  for (let i = 0; i < n; i++) if (label[i] !== 0) queue[tail++] = i;
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
  spread((a) => a > 0 && a < SOLID);
  givePressedGaps(
    label,
    width,
    height,
    faceOnOutput(main, frame),
    faces.filter((face) => face !== main).map((face) => faceOnOutput(face, frame)),
    colour,
  );

  // Softened only across a cut toward someone else: the main person's own edge stays as the matte has it.
  const keep = new Float32Array(n);
  for (let i = 0; i < n; i++) keep[i] = label[i] === 2 ? 0 : 1;
  const r = Math.max(1, Math.round(FEATHER * mainBox.width));
  const soft = boxMean(boxMean(keep, width, height, r), width, height, r);
  for (let i = 0; i < n; i++) alpha[i] = label[i] === 1 ? Math.round(alpha[i] * soft[i]) : 0;
  return label;
}

/**
 * What stepping onto each pixel costs: one, plus on the rows above `chin` the colour edge there (the largest
 * channel's gradient over a 3x3 mean, so single-pixel noise and JPEG blocks barely count). Heads meet along
 * edges (hair against skin, a jaw's shadow); below the chin people in the same clothes have no edge between
 * them, so there every step costs one and the nearer person takes the cloth. Without colour every step costs one.
 */
function stepCosts(
  colour: Uint8Array | undefined,
  width: number,
  height: number,
  chinRow: number,
): Uint8Array {
  const cost = new Uint8Array(width * height).fill(1);
  const chin = Math.max(0, Math.min(height, Math.round(chinRow)));
  if (!colour || chin < 3) return cost;
  const n = width * chin;
  const edge = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = colour[i * 3 + c];
    const mean = boxMean(plane, width, chin, 1);
    for (let y = 1; y < chin - 1; y++)
      for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
        const g = Math.abs(mean[i + 1] - mean[i - 1]) + Math.abs(mean[i + width] - mean[i - width]);
        if (g > edge[i]) edge[i] = g;
      }
  }
  for (let i = 0; i < n; i++) cost[i] = Math.min(MAX_STEP, 1 + Math.floor(EDGE_COST * edge[i]));
  return cost;
}

/**
 * Grows the labelled seeds through solid matte, cheapest path first (Dial's bucket queue: costs are small
 * integers). A pixel takes the label of the front that reaches it at the lowest total cost.
 */
function growByCost(
  label: Uint8Array,
  seeds: Int32Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  cost: Uint8Array,
): void {
  const n = width * height;
  const buckets: number[][] = Array.from({ length: MAX_STEP + 1 }, () => []);
  const done = new Uint8Array(n);
  const total = new Float64Array(n).fill(Infinity);
  for (const i of seeds) {
    total[i] = 0;
    buckets[0].push(i);
  }
  let pending = seeds.length;
  for (let d = 0; pending > 0; d++) {
    const bucket = buckets[d % buckets.length];
    while (bucket.length > 0) {
      const i = bucket.pop()!;
      pending--;
      if (done[i] || total[i] !== d) continue;
      done[i] = 1;
      const x = i % width;
      const reach = (j: number) => {
        if (done[j] || alpha[j] < SOLID) return;
        const t = d + cost[j];
        if (t >= total[j]) return;
        total[j] = t;
        label[j] = label[i];
        buckets[t % buckets.length].push(j);
        pending++;
      };
      if (x > 0) reach(i - 1);
      if (x < width - 1) reach(i + 1);
      if (i >= width) reach(i - width);
      if (i < n - width) reach(i + width);
    }
  }
}
