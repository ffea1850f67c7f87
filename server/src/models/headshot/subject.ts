/**
 * Who the headshot may be of: the people in the room with the subject, not faces in a poster, on a screen or
 * in a framed photo on the wall. Such a face is small beside the people in front of it, and either out of the
 * lens's focus (blurrier than they are) or behind them in depth: the person-matting model, which takes the
 * people in the foreground, gives it no alpha. A face that is small and either is left out of the choice of
 * the main face, of the frame, and of the "several people" note; it is still a rival when one person is cut
 * out of the matte (isolate.ts), so nothing of it stays beside the subject.
 *
 * Where two people in the room could each be the headshot (headshotCandidates), the person may choose with a
 * point on the photo (faceAtPoint): on a face, or on a body that the people matte connects to one.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { Face, FaceBox } from '../face/types';

/** Faces are compared at this many samples a side at most (fewer when a face is smaller). */
const SAMPLE_SIDE = 48;
/** A face this much blurrier than the sharpest large face... */
const PICTURE_SHARPNESS = 0.45;
/** ...or where the foreground's person matte is under this... */
const PICTURE_ALPHA = 0.2;
/** ...and at most this share of its width is a picture, not a person in the room. */
const PICTURE_WIDTH = 0.75;

/** An 8-bit alpha of the photo's foreground people at any size (the person-matting model's, unrefined). */
export interface PeopleMatte {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The people matte's mean alpha (0-1) over the middle of the face's box. */
function alphaAt(people: PeopleMatte, box: FaceBox, photo: { width: number; height: number }): number {
  const sx = people.width / photo.width;
  const sy = people.height / photo.height;
  const x0 = Math.max(0, Math.floor((box.x + 0.25 * box.width) * sx));
  const x1 = Math.min(people.width - 1, Math.ceil((box.x + 0.75 * box.width) * sx));
  const y0 = Math.max(0, Math.floor((box.y + 0.25 * box.height) * sy));
  const y1 = Math.min(people.height - 1, Math.ceil((box.y + 0.75 * box.height) * sy));
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++, n++) sum += people.data[y * people.width + x];
  return n ? sum / n / 255 : 1;
}

/**
 * Sharpness of the face's box: the mean absolute Laplacian of its lightness sampled on a `side` x `side`
 * grid (each sample the mean of the pixels it covers), so faces of different sizes compare at one scale.
 */
export function faceSharpness(image: RawImage, box: FaceBox, side: number): number {
  const { data, width, height, channels } = image;
  const grid = new Float32Array(side * side);
  const x0 = Math.max(0, box.x);
  const y0 = Math.max(0, box.y);
  const x1 = Math.min(width, box.x + box.width);
  const y1 = Math.min(height, box.y + box.height);
  const sx = (x1 - x0) / side;
  const sy = (y1 - y0) / side;
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      let sum = 0;
      let n = 0;
      const ya = Math.floor(y0 + j * sy);
      const yb = Math.max(ya + 1, Math.floor(y0 + (j + 1) * sy));
      const xa = Math.floor(x0 + i * sx);
      const xb = Math.max(xa + 1, Math.floor(x0 + (i + 1) * sx));
      for (let y = ya; y < yb && y < height; y++) {
        for (let x = xa; x < xb && x < width; x++) {
          const k = (y * width + x) * channels;
          sum += channels < 3 ? data[k] : 0.299 * data[k] + 0.587 * data[k + 1] + 0.114 * data[k + 2];
          n++;
        }
      }
      grid[j * side + i] = n ? sum / n : 0;
    }
  }
  let total = 0;
  for (let j = 1; j < side - 1; j++) {
    for (let i = 1; i < side - 1; i++) {
      const k = j * side + i;
      total += Math.abs(4 * grid[k] - grid[k - 1] - grid[k + 1] - grid[k - side] - grid[k + side]);
    }
  }
  return total / Math.max(1, (side - 2) * (side - 2));
}

/**
 * The faces of people in the room, in their given order: every face but those much smaller than another
 * face and either much blurrier than it or outside the foreground's `people` matte. A lone face is always kept.
 */
export function peopleInRoom(image: RawImage, faces: readonly Face[], people?: PeopleMatte): Face[] {
  if (faces.length < 2) return [...faces];
  const side = Math.max(8, Math.min(SAMPLE_SIDE, Math.round(Math.min(...faces.map((f) => f.box.width)))));
  const sharpness = faces.map((f) => faceSharpness(image, f.box, side));
  const behind = faces.map((f) => (people ? alphaAt(people, f.box, image) < PICTURE_ALPHA : false));
  return faces.filter((face, k) =>
    faces.every(
      (other, j) =>
        j === k ||
        face.box.width > PICTURE_WIDTH * other.box.width ||
        (sharpness[k] >= PICTURE_SHARPNESS * sharpness[j] && !behind[k]),
    ),
  );
}

/** A second face counts as a choice for the headshot when it is at least this share of the main face's width. */
const RIVAL_WIDTH = 0.5;
/** The people matte holds a person where its alpha is at least this (of 255). */
const PERSON_ALPHA = 128;
/** A point off the matte still chooses a face this many of its widths from its box (hair, ears, a hat). */
const NEAR_FACE = 0.5;

/**
 * The people a headshot could be made of, the automatic choice (`main`) first, then by size: in the room, a face
 * at least `minWidth` wide and at least half as wide as the main face's. Two or more, and the choice is the
 * person's to make: the photo is a group, not a portrait with someone small behind.
 */
export function headshotCandidates(faces: readonly Face[], main: Face | undefined, minWidth: number): Face[] {
  if (!main) return [];
  const least = Math.max(minWidth, RIVAL_WIDTH * main.box.width);
  const others = faces
    .filter((face) => face !== main && face.box.width >= least)
    .sort((a, b) => b.box.width - a.box.width);
  return main.box.width >= minWidth ? [main, ...others] : others;
}

/** A point on the photo, in its pixels. */
export interface PhotoPoint {
  x: number;
  y: number;
}

const inBox = (p: PhotoPoint, box: FaceBox) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

/** How far `p` lies outside `box`, in pixels (0 inside). */
const boxDistance = (p: PhotoPoint, box: FaceBox) =>
  Math.hypot(
    Math.max(0, box.x - p.x, p.x - box.x - box.width),
    Math.max(0, box.y - p.y, p.y - box.y - box.height),
  );

const centreDistance = (p: PhotoPoint, box: FaceBox) =>
  Math.hypot(p.x - box.x - box.width / 2, p.y - box.y - box.height / 2);

/**
 * The face of the person at `point`, for a headshot the person chose with a tap:
 * - a point on a face's box chooses that face, even one taken for a picture on the wall (the person knows);
 * - a point on someone's body or hair chooses the face of the people matte's region it is connected to, the
 *   nearest through the matte where people touch;
 * - a point just off the matte, within half a face's width of a face, chooses that face;
 * - anywhere else it is on no one: undefined.
 * `faces` are the people in the room, `found` every face detected.
 */
export function faceAtPoint(
  point: PhotoPoint,
  faces: readonly Face[],
  found: readonly Face[],
  photo: { width: number; height: number },
  people?: PeopleMatte,
): Face | undefined {
  const nearest = (among: readonly Face[]) =>
    among.reduce<Face | undefined>(
      (best, face) =>
        !best || centreDistance(point, face.box) < centreDistance(point, best.box) ? face : best,
      undefined,
    );
  const onFace = nearest(found.filter((face) => inBox(point, face.box)));
  if (onFace) return onFace;
  const throughMatte = people && personAt(point, faces, photo, people);
  if (throughMatte) return throughMatte;
  return nearest(faces.filter((face) => boxDistance(point, face.box) <= NEAR_FACE * face.box.width));
}

/**
 * The face whose person holds `point` on the people matte: every face's middle grows through the matte's
 * solid pixels, all at once, one pixel a step (8 neighbours); the point's pixel belongs to the face that
 * reaches it first. Undefined when the point is off the matte or on a part no face reaches (a hand reaching in
 * from outside the photo).
 */
function personAt(
  point: PhotoPoint,
  faces: readonly Face[],
  photo: { width: number; height: number },
  people: PeopleMatte,
): Face | undefined {
  const { width, height, data } = people;
  const sx = width / photo.width;
  const sy = height / photo.height;
  const px = Math.min(width - 1, Math.max(0, Math.floor(point.x * sx)));
  const py = Math.min(height - 1, Math.max(0, Math.floor(point.y * sy)));
  if (data[py * width + px] < PERSON_ALPHA) return undefined;
  const owner = new Int16Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let tail = 0;
  faces.forEach((face, k) => {
    const { box } = face;
    const x0 = Math.max(0, Math.floor((box.x + 0.25 * box.width) * sx));
    const x1 = Math.min(width - 1, Math.ceil((box.x + 0.75 * box.width) * sx));
    const y0 = Math.max(0, Math.floor((box.y + 0.25 * box.height) * sy));
    const y1 = Math.min(height - 1, Math.ceil((box.y + 0.75 * box.height) * sy));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (owner[i] !== -1) continue;
        owner[i] = k;
        queue[tail++] = i;
      }
    }
  });
  const target = py * width + px;
  for (let head = 0; head < tail && owner[target] === -1; head++) {
    const i = queue[head];
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (owner[j] !== -1 || data[j] < PERSON_ALPHA) continue;
        owner[j] = owner[i];
        queue[tail++] = j;
      }
    }
  }
  return owner[target] === -1 ? undefined : faces[owner[target]];
}
