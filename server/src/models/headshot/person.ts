/** The person the headshot is of, read from the matte: where the top of the head is, hair included. */
import { unlevelPoint, type LevelFace } from './framing';
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
