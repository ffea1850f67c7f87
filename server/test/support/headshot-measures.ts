import { rawToSharp, type RawImage } from '../../src/lib/image/raw-image';
import { eyeRoll, mainFace, toPhoto, type FrameTransform } from '../../src/models/headshot/framing';
import { detectFaces, scaleFace, type Face } from '../../src/models/face';
import type { WorkerPool } from '../../src/inference/pool';

/** Side of the copy the headshot's face is looked for on, the size of the mode's own second look. */
const LOOK_SIDE = 384;

/**
 * The headshot's main face, looked for on a small copy, where a face of half the width is one whole view of
 * the detector: on the full frame its tiles (meant for small faces) each see part of the face, and a part can
 * be confirmed (the top of a bowed head, a cheek). The mode's second look on a levelled close view is not
 * taken: on a finished headshot it reads a smiling face with shut eyes 5-7 degrees off, the detector alone
 * does not.
 */
export async function faceAgain(image: RawImage, pool: WorkerPool): Promise<Face | undefined> {
  const { data, info } = await rawToSharp(image)
    .resize(LOOK_SIDE, Math.round((LOOK_SIDE * image.height) / image.width))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small: RawImage = { data, width: info.width, height: info.height, channels: 3 };
  const first = mainFace(await detectFaces(small, pool), small.width, small.height);
  return first && scaleFace(first, image.width / small.width);
}

/** A headshot's framing as its own detected face shows it, in shares of the frame and degrees. */
export function framingOf(face: Face, width: number) {
  return {
    /** The face's centre from the frame's centre line, as a share of the width. */
    offCentre: Math.abs(face.box.x + face.box.width / 2 - width / 2) / width,
    rollDegrees: Math.abs((eyeRoll(face) * 180) / Math.PI),
    widthShare: face.box.width / width,
  };
}

const luma = (d: Uint8Array, k: number) => 0.299 * d[k] + 0.587 * d[k + 1] + 0.114 * d[k + 2];

/**
 * The frame's border above the shoulders (top strip and the sides down to `toRow`), `band` pixels deep: its
 * spread of lightness, and its largest step between neighbouring pixels (an edge of the old room would show).
 * `sides` picks the side strips measured with the top.
 */
export function borderOf(
  image: RawImage,
  band: number,
  toRow: number,
  sides: readonly ('left' | 'right')[] = ['left', 'right'],
) {
  const { data, width, channels } = image;
  const values: number[] = [];
  let step = 0;
  const visit = (x: number, y: number) => {
    const k = (y * width + x) * channels;
    values.push(luma(data, k));
    if (x + 1 < width) step = Math.max(step, Math.abs(luma(data, k) - luma(data, k + channels)));
    if (y + 1 < image.height)
      step = Math.max(step, Math.abs(luma(data, k) - luma(data, k + width * channels)));
  };
  for (let y = 0; y < toRow; y++) {
    for (let x = 0; x < width; x++) {
      const left = x < band && sides.includes('left');
      const right = x >= width - band && sides.includes('right');
      if (y < band || left || right) visit(x, y);
    }
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const spread = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return { spread, step };
}

/**
 * Correlation of lightness between the headshot's face (the box of its landmarks on the frame) and the same
 * points of the photo: high when the face's pixels are the person's own.
 */
export function faceCorrelation(
  photo: RawImage,
  headshot: RawImage,
  frame: FrameTransform,
  face: Face,
): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const { x, y, width, height } = face.box;
  for (let v = Math.ceil(y); v < y + height; v += 2) {
    for (let u = Math.ceil(x); u < x + width; u += 2) {
      const p = toPhoto(frame, u + 0.5, v + 0.5);
      const px = Math.round(p.x - 0.5);
      const py = Math.round(p.y - 0.5);
      if (px < 0 || py < 0 || px >= photo.width || py >= photo.height) continue;
      xs.push(luma(photo.data, (py * photo.width + px) * photo.channels));
      ys.push(luma(headshot.data, (v * headshot.width + u) * headshot.channels));
    }
  }
  const mx = xs.reduce((s, v) => s + v, 0) / xs.length;
  const my = ys.reduce((s, v) => s + v, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
