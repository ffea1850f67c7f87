/**
 * Who the headshot may be of: the people in the room, not faces in a poster, on a screen or in a framed photo
 * on the wall. Such a face is judged by what the camera saw of it: behind the subject it is out of the lens's
 * focus (blurrier than the room's people) and, being a picture, small beside them. A face that is both is
 * left out of the choice of the main face, of the frame, and of the "several people" note; it is still a
 * rival when one person is cut out of the matte (isolate.ts), so nothing of it stays beside the subject.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { Face, FaceBox } from '../face/types';

/** Faces are compared at this many samples a side at most (fewer when a face is smaller). */
const SAMPLE_SIDE = 48;
/** A face this much blurrier than the sharpest large face... */
const PICTURE_SHARPNESS = 0.45;
/** ...and at most this share of its width is a picture, not a person in the room. */
const PICTURE_WIDTH = 0.75;

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
 * The faces of people in the room, in their given order: every face but those much blurrier than the
 * sharpest of the larger faces and much smaller than it. A lone face is always kept.
 */
export function peopleInRoom(image: RawImage, faces: readonly Face[]): Face[] {
  if (faces.length < 2) return [...faces];
  const side = Math.max(8, Math.min(SAMPLE_SIDE, Math.round(Math.min(...faces.map((f) => f.box.width)))));
  const sharpness = faces.map((f) => faceSharpness(image, f.box, side));
  return faces.filter((face, k) =>
    faces.every(
      (other, j) =>
        j === k ||
        !(
          face.box.width <= PICTURE_WIDTH * other.box.width && sharpness[k] < PICTURE_SHARPNESS * sharpness[j]
        ),
    ),
  );
}
