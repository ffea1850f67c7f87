/**
 * The person the headshot is of, read from the matte: where the top of the head is (hair included), and
 * which of several people in the matte to keep.
 */
import type { Face } from '../face/types';
import { toOutput, unlevelPoint, type FrameTransform, type LevelFace } from './framing';
import type { PhotoRegion } from './warp';

type Matte = { data: Uint8Array; width: number; height: number };

/** Above the forehead, the head ends where less than this share of a band over the face is person. */
const HEAD_END = 0.35;
/** The band's half width, as a share of the face's width. */
const BAND = 0.25;
/** The hair is looked for up to this share of the oval's height above the forehead. */
const MAX_HAIR = 0.9;
const MIN_HAIR = 0.05;

/**
 * The top of the head in the levelled frame (see framing.ts): walking up from the forehead along a band over
 * the face's centre, the first row where the matte mostly stops. A head cut by the photo's top edge ends there.
 */
export function findHeadTop(region: PhotoRegion<Matte>, level: LevelFace): number {
  const { data, width, height } = region.pixels;
  const faceHeight = level.bottom - level.top;
  const cx = (level.left + level.right) / 2;
  const half = BAND * (level.right - level.left);
  const samples = 15;
  const stepY = Math.max(0.5, 1 / region.scale);
  let top = level.top - MIN_HAIR * faceHeight;
  for (let y = level.top; y >= level.top - MAX_HAIR * faceHeight; y -= stepY) {
    let inside = 0;
    let seen = 0;
    for (let s = 0; s < samples; s++) {
      const p = unlevelPoint({ x: cx - half + (2 * half * s) / (samples - 1), y }, level.roll, level.origin);
      const px = Math.round((p.x - region.x) * region.scale);
      const py = Math.round((p.y - region.y) * region.scale);
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      seen++;
      inside += data[py * width + px] / 255;
    }
    if (seen === 0) return Math.min(top, y);
    if (inside / seen < HEAD_END) return Math.min(top, y);
    top = Math.min(top, y);
  }
  return level.top - MAX_HAIR * faceHeight;
}

/**
 * Clears, in the frame's matte, whoever stands nearer another detected face than the main one (measured
 * across, in face widths), so a neighbour's shoulder or head does not stay in a one-person headshot. The
 * change is feathered over a tenth of a face width.
 */
export function keepMainPerson(
  alpha: Uint8Array,
  frame: FrameTransform,
  main: Face,
  faces: readonly Face[],
): void {
  const others = faces
    .filter((f) => f !== main)
    .map((f) => {
      const centre = toOutput(frame, { x: f.box.x + f.box.width / 2, y: f.box.y + f.box.height / 2 });
      return { x: centre.x, top: centre.y - f.box.height * frame.scale, width: f.box.width * frame.scale };
    })
    .filter((o) => o.x > -o.width && o.x < frame.width + o.width);
  if (others.length === 0) return;
  const mainX = frame.width / 2;
  const mainWidth = main.box.width * frame.scale;
  const { width, height } = frame;
  for (let x = 0; x < width; x++) {
    const dMain = Math.abs(x - mainX) / mainWidth;
    for (const other of others) {
      const dOther = Math.abs(x - other.x) / other.width;
      const t = (dMain - dOther) / 0.1 + 0.5;
      if (t <= 0) continue;
      const keep = t >= 1 ? 0 : 1 - t;
      for (let y = Math.max(0, Math.floor(other.top)); y < height; y++) {
        const i = y * width + x;
        alpha[i] = alpha[i] * keep;
      }
    }
  }
}
