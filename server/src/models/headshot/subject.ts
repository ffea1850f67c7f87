/**
 * Who the headshot may be of: the people in the room with the subject, not faces in a poster, on a screen or
 * in a framed photo on the wall. Such a face is small beside the people in front of it, and either out of the
 * lens's focus (blurrier than they are) or behind them in depth: the person-matting model, which takes the
 * people in the foreground, gives it no alpha. A face that is small and either is left out of the choice of
 * the main face, of the frame, and of the "several people" note; it is still a rival when one person is cut
 * out of the matte (isolate.ts), so nothing of it stays beside the subject.
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
