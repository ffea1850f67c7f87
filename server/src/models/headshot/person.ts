/** The person the headshot is of, read from the matte: where the top of the head is, hair included. */
import type { PhotoCuts } from './composition';
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

/** The head's ellipse around the oval: its half width and half height as shares of the oval's. */
const HEAD_RX = 1.25;
const HEAD_RY = 1.2;
/** Past the ellipse the body counts in full after this share of its radius. */
const BODY_RAMP = 0.15;

/**
 * The hair-aware matte, joined by whichever of it and the person segmentation's `body` holds more below the
 * eye line outside the head's ellipse and inside the face's oval: ISNet keeps fine hair but drops a dark
 * suit against a dark room (and a shoulder raised beside a tilted head, an open mouth), the segmentation
 * keeps the whole body with a coarser edge. Above the eyes and around the head ISNet alone decides, so the
 * hair keeps its strands. Both mattes cover the same region of the photo; the result is in `matte`.
 */
export function withBody(region: PhotoRegion<Matte>, body: Uint8Array, level: LevelFace): void {
  const data = region.pixels.data;
  const halfW = (level.right - level.left) / 2;
  const halfH = (level.bottom - level.top) / 2;
  const head = headRadii(level);
  eachLevelledPixel(region, level, (i, lx, ly, aboveEyes) => {
    const inFace = Math.hypot(lx / halfW, ly / halfH) < 0.9;
    const t = inFace ? 1 : aboveEyes ? 0 : (Math.hypot(lx / head.rx, ly / head.ry) - 1) / BODY_RAMP;
    if (t <= 0) return;
    const b = body[i] * Math.min(1, t);
    if (b > data[i]) data[i] = b + 0.5;
  });
}

const headRadii = (level: LevelFace) => ({
  rx: HEAD_RX * ((level.right - level.left) / 2),
  ry: HEAD_RY * ((level.bottom - level.top) / 2),
});

/**
 * Visits each pixel of `region` with its point in the levelled face's frame (see levelPoint), relative to the
 * face oval's centre, and whether it lies above the eye line (the frame's y = 0).
 */
function eachLevelledPixel(
  region: PhotoRegion<Matte>,
  level: LevelFace,
  visit: (i: number, lx: number, ly: number, aboveEyes: boolean) => void,
): void {
  const { width, height } = region.pixels;
  const cx = (level.left + level.right) / 2;
  const cy = (level.top + level.bottom) / 2;
  const s = Math.sin(level.roll);
  const c = Math.cos(level.roll);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = region.x + (x + 0.5) / region.scale - level.origin.x;
      const py = region.y + (y + 0.5) / region.scale - level.origin.y;
      const levelledY = -s * px + c * py;
      visit(y * width + x, c * px + s * py - cx, levelledY - cy, levelledY <= 0);
    }
  }
}

/** A photo edge counts as cutting the person where this share of the part of it looked at is solid matte. */
const CUT_SHARE = 0.04;

/**
 * Which of the photo's edges cut the person, read from the matte of `region` (photo pixels, scale 1): the
 * top where the hair reaches it above the face, the bottom where the body does below it, a side where the
 * head or shoulders do (from the top of the head to a face's height below the chin). Only the region's
 * sides that are the photo's own edges can cut.
 */
export function photoCuts(
  region: PhotoRegion<Matte>,
  photo: { width: number; height: number },
  level: LevelFace,
): PhotoCuts {
  const { data, width, height } = region.pixels;
  const faceWidth = level.right - level.left;
  const centre = unlevelPoint({ x: (level.left + level.right) / 2, y: 0 }, level.roll, level.origin);
  const chin = unlevelPoint({ x: 0, y: level.bottom }, level.roll, level.origin).y;
  const solidShare = (xs: [number, number], ys: [number, number]) => {
    const x0 = Math.max(0, Math.round(xs[0] - region.x));
    const x1 = Math.min(width - 1, Math.round(xs[1] - region.x));
    const y0 = Math.max(0, Math.round(ys[0] - region.y));
    const y1 = Math.min(height - 1, Math.round(ys[1] - region.y));
    let solid = 0;
    let seen = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++, seen++) if (data[y * width + x] >= 128) solid++;
    return seen ? solid / seen : 0;
  };
  const top = region.y === 0;
  const bottom = region.y + height === photo.height;
  const left = region.x === 0;
  const right = region.x + width === photo.width;
  const across = (reach: number): [number, number] => [
    centre.x - reach * faceWidth,
    centre.x + reach * faceWidth,
  ];
  const band: [number, number] = [region.y, chin + (level.bottom - level.top)];
  return {
    top: top && solidShare(across(0.75), [0, 0]) > CUT_SHARE,
    bottom: bottom && solidShare(across(1.5), [photo.height - 1, photo.height - 1]) > CUT_SHARE,
    left: left && solidShare([0, 0], band) > CUT_SHARE,
    right: right && solidShare([photo.width - 1, photo.width - 1], band) > CUT_SHARE,
  };
}

/** Below the chin the body's alpha ramps from 0 to 1 between these values (of 255), looked at on the sepia suits. */
const BODY_FROM = 0.12 * 255;
const BODY_TO = 0.45 * 255;

/**
 * Firms up the body's matte below the chin, outside the head's ellipse: clothing has no strands, and where
 * the person matte hesitates (a dark suit against a dark wall, alpha 0.2-0.6 over a wide band) the composite
 * showed a grey, see-through smear beside the shoulder. There the alpha ramps steeply from 0.12 to 0.45
 * instead: a doubted suit is solid, a faint ghost beside it is gone. Hair and face keep the matte as it is.
 */
export function firmBody(region: PhotoRegion<Matte>, level: LevelFace): void {
  const data = region.pixels.data;
  const head = headRadii(level);
  const chin = level.bottom - (level.top + level.bottom) / 2;
  eachLevelledPixel(region, level, (i, lx, ly) => {
    if (ly <= chin || Math.hypot(lx / head.rx, ly / head.ry) <= 1) return;
    const t = Math.min(1, Math.max(0, (data[i] - BODY_FROM) / (BODY_TO - BODY_FROM)));
    data[i] = Math.round(255 * t * t * (3 - 2 * t));
  });
}
