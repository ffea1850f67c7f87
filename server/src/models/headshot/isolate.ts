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
import { LANDMARKS } from '../face/landmarks';
import { faceOnOutput, type FrameTransform } from './framing';

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
/** A step onto a pixel costs one plus this many per level of colour edge there (0-255, after a 3x3 mean). */
const EDGE_COST = 0.5;
/** The dearest step, so the fronts' queue has a bounded number of buckets. */
const MAX_STEP = 64;
/** Two faces press together when the gap between their outlines is under this share of the main face's width. */
const PRESSED_GAP = 0.25;
/** Beside a pressed neighbour the subject keeps this share of its face's width outside its own outline. */
const OUTLINE_MARGIN = 0.02;
/**
 * The subject gives up nothing beside its face above this share of its face's height over the eyes: the ears
 * and cheeks a pressed neighbour shows lie lower, and above it the outline narrows to the forehead, so the
 * subject's own hair there was cut in thin lines.
 */
const ABOVE_EYES = 0.1;
/** A pressed neighbour's rows reach this share of their face's height above and below its landmarks. */
const RIVAL_ROWS = 1;

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
 * Returns whose each pixel is: 1 the main person, 2 someone else, 0 no one.
 */
export function isolateMainPerson(
  alpha: Uint8Array,
  frame: FrameTransform,
  main: Face,
  faces: readonly Face[],
  colour?: Uint8Array,
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
  plantOval(main, 1);
  for (const seed of seedsOf(main, frame, height)) plant(seed, 1);
  for (const face of faces)
    if (face !== main) {
      plantOval(face, 2);
      for (const seed of seedsOf(face, frame, height, true)) plant(seed, 2);
    }

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
  const mainOnFrame = faceOnOutput(main, frame);
  const mainOutline = rowExtents(mainOnFrame, height);
  const eyeRow = eyeLine(mainOnFrame);
  for (const face of faces)
    if (face !== main)
      giveGapToNeighbour(
        label,
        width,
        mainOutline,
        rowExtents(faceOnOutput(face, frame), height),
        eyeRow,
        colour && skinOrHair(colour, label, width, height, mainOnFrame.box, faceOnOutput(face, frame).box),
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

/** Per output row, the left and right edge of a face's outline; NaN off it. */
interface RowExtents {
  left: Float32Array;
  right: Float32Array;
  box: Face['box'];
}

/** The mean row of the face's eyes. */
function eyeLine(face: Face): number {
  const eyes = [...LANDMARKS.rightEye, ...LANDMARKS.leftEye];
  return eyes.reduce((sum, i) => sum + face.mesh[i * 3 + 1], 0) / eyes.length;
}

/** A row's extent takes the landmarks within this share of the face's height above or below it. */
const ROW_BAND = 0.04;

/**
 * The face's outline row by row: the outermost landmarks near each row. Not a convex hull, which on a face
 * turned aside spans from the nose's tip to the brow and takes in whatever lies beside the eye.
 */
function rowExtents(face: Face, height: number): RowExtents {
  const left = new Float32Array(height).fill(NaN);
  const right = new Float32Array(height).fill(NaN);
  const band = ROW_BAND * face.box.height;
  for (let k = 0; k + 2 < face.mesh.length; k += 3) {
    const x = face.mesh[k];
    const y = face.mesh[k + 1];
    const y0 = Math.max(0, Math.ceil(y - band));
    const y1 = Math.min(height - 1, Math.floor(y + band));
    for (let row = y0; row <= y1; row++) {
      if (!(x >= left[row])) left[row] = x;
      if (!(x <= right[row])) right[row] = x;
    }
  }
  return { left, right, box: face.box };
}

/**
 * Where a neighbour's face presses against the main face, whatever of the subject lies beyond its own face's
 * outline on the neighbour's side, on the rows of both faces, is the neighbour's (an ear, a shadow, a tuft of
 * beard): skin meets skin there with too faint an edge for the fronts to stop on. The neighbour's rows are
 * widened by half their face's height for the ears and chin the mesh does not reach.
 */
function giveGapToNeighbour(
  label: Uint8Array,
  width: number,
  main: RowExtents,
  rival: RowExtents,
  eyeRow: number,
  looksLikeRival?: (i: number) => boolean,
): void {
  let gap = Infinity;
  for (let y = 0; y < main.left.length; y++)
    if (!Number.isNaN(main.left[y]) && !Number.isNaN(rival.left[y]))
      gap = Math.min(gap, Math.max(rival.left[y] - main.right[y], main.left[y] - rival.right[y]));
  if (gap > PRESSED_GAP * main.box.width) return;
  const margin = OUTLINE_MARGIN * main.box.width;
  const onLeft = rival.box.x + rival.box.width / 2 < main.box.x + main.box.width / 2;
  const reach = RIVAL_ROWS * rival.box.height;
  const y0 = Math.max(0, Math.ceil(rival.box.y - reach), Math.ceil(eyeRow - ABOVE_EYES * main.box.height));
  const y1 = Math.min(main.left.length - 1, Math.floor(rival.box.y + rival.box.height + reach));
  for (let y = y0; y <= y1; y++) {
    if (Number.isNaN(main.left[y])) continue;
    const from = Math.max(0, Math.ceil(onLeft ? rival.box.x : main.right[y] + margin));
    const to = Math.min(
      width - 1,
      Math.floor(onLeft ? main.left[y] - margin : rival.box.x + rival.box.width),
    );
    for (let x = from, i = y * width + from; x <= to; x++, i++)
      if (label[i] === 1 && (!looksLikeRival || looksLikeRival(i))) label[i] = 2;
  }
}

/**
 * Whether a pixel's colour is nearer the neighbour's skin (the middle of their face) than the subject's hair
 * (the band above the subject's forehead): what lies beside a pressed face is the neighbour's ear or cheek, or
 * the subject's own hair falling between the two faces.
 */
function skinOrHair(
  colour: Uint8Array,
  label: Uint8Array,
  width: number,
  height: number,
  main: Face['box'],
  rival: Face['box'],
): ((i: number) => boolean) | undefined {
  const meanOf = (x0: number, x1: number, y0: number, y1: number, who?: number) => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x1)); x++) {
        const i = y * width + x;
        if (who !== undefined && label[i] !== who) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[i * 3 + c];
        count++;
      }
    return count ? sum.map((v) => v / count) : undefined;
  };
  const skin = meanOf(
    rival.x + 0.3 * rival.width,
    rival.x + 0.7 * rival.width,
    rival.y + 0.4 * rival.height,
    rival.y + 0.7 * rival.height,
  );
  const hair = meanOf(
    main.x + 0.2 * main.width,
    main.x + 0.8 * main.width,
    main.y - 0.2 * main.height,
    main.y,
    1,
  );
  if (!skin || !hair) return undefined;
  const distance = (i: number, to: number[]) =>
    Math.hypot(colour[i * 3] - to[0], colour[i * 3 + 1] - to[1], colour[i * 3 + 2] - to[2]);
  return (i) => distance(i, skin) < distance(i, hair);
}
