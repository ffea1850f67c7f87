import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { LANDMARKS } from '../face/landmarks';
import {
  composeFrame,
  fitToPhoto,
  overflow,
  FIT_LIMITS,
  PASSPORT_RULE,
  STUDIO_RULE,
  type PhotoCuts,
} from './composition';
import { levelFace, toOutput, unlevelPoint, type FrameTransform, type LevelFace } from './framing';

const NO_CUTS: PhotoCuts = { top: false, bottom: false, left: false, right: false };

/** Output row of the levelled frame's point (0, y): the eye line at y = 0, the head's top at `headTop`. */
const rowOf = (frame: FrameTransform, level: LevelFace, y: number) =>
  toOutput(frame, unlevelPoint({ x: 0, y }, level.roll, level.origin)).y;

describe('composeFrame', () => {
  it('levels the eyes, centres the face at the rule width and puts the eyes on the upper third', () => {
    const face = drawnFace(400, 300, 120, -0.15);
    const level = levelFace(face);
    const headTop = level.top - 15;
    const frame = composeFrame(level, headTop, 1080, 1350);
    const onFrame = (i: number) => toOutput(frame, { x: face.mesh[i * 3], y: face.mesh[i * 3 + 1] });
    const right = onFrame(LANDMARKS.rightEye[0]);
    const left = onFrame(LANDMARKS.leftEye[0]);
    expect(left.y - right.y).toBeCloseTo(0, 4);
    expect((left.x + right.x) / 2).toBeCloseTo(540, 3);
    expect((level.right - level.left) * frame.scale).toBeCloseTo(STUDIO_RULE.faceWidth * 1080, 3);
    expect(right.y).toBeCloseTo(1350 / 3, 3);
    // The room above the hair is within the rule's band.
    const room = rowOf(frame, level, headTop) / 1350;
    expect(room).toBeGreaterThanOrEqual(STUDIO_RULE.minHeadroom - 1e-9);
    expect(room).toBeLessThanOrEqual(STUDIO_RULE.maxHeadroom + 1e-9);
  });

  it('never puts the top of tall hair through the frame: the eyes go lower instead', () => {
    const level = levelFace(drawnFace(500, 500, 100));
    const headTop = level.top - 90; // a tall hairdo
    const frame = composeFrame(level, headTop, 1024, 1024);
    expect(rowOf(frame, level, headTop)).toBeCloseTo(STUDIO_RULE.minHeadroom * 1024, 3);
    expect(rowOf(frame, level, 0)).toBeGreaterThan(1024 / 3);
    // The head as a whole still leaves room for the shoulders.
    expect((level.bottom - headTop) * frame.scale).toBeLessThanOrEqual(STUDIO_RULE.maxHead * 1024 + 1e-6);
  });

  it('leaves no more than the rule allows above a bald head', () => {
    const level = levelFace(drawnFace(500, 500, 100));
    const frame = composeFrame(level, level.top, 1080, 1350);
    expect(rowOf(frame, level, level.top)).toBeLessThanOrEqual(STUDIO_RULE.maxHeadroom * 1350 + 1e-6);
  });

  it('frames passport style by the head: chin to crown three quarters of the height', () => {
    const level = levelFace(drawnFace(500, 500, 100));
    const headTop = level.top - 20;
    const frame = composeFrame(level, headTop, 827, 1063, PASSPORT_RULE);
    expect((level.bottom - headTop) * frame.scale).toBeCloseTo(0.75 * 1063, 3);
    const room = rowOf(frame, level, headTop) / 1063;
    expect(room).toBeGreaterThanOrEqual(PASSPORT_RULE.minHeadroom - 1e-9);
    expect(room).toBeLessThanOrEqual(PASSPORT_RULE.maxHeadroom + 1e-9);
  });
});

describe('fitToPhoto', () => {
  const photo = { width: 800, height: 1000 };

  it('leaves a frame alone where the photo cuts nothing', () => {
    const level = levelFace(drawnFace(400, 60, 200));
    const frame = composeFrame(level, level.top - 40, 1024, 1024);
    expect(fitToPhoto(frame, photo, NO_CUTS, { headTop: 0, eyes: 250, chin: 500 })).toEqual(frame);
  });

  it("moves the frame down to the photo's top where the photo cut the hair: the cut stays at the frame's edge", () => {
    // The hair reaches the photo's top edge, 120 px above the eyes; the rule would show backdrop above it.
    const level = levelFace(drawnFace(400, 200, 220, 0.05));
    const headTop = -levelFace(drawnFace(400, 200, 220, 0.05)).origin.y;
    const frame = composeFrame(level, headTop, 1024, 1024);
    expect(overflow(frame, 'top', photo)).toBeGreaterThan(10);
    const rows = {
      headTop: rowOf(frame, level, headTop),
      eyes: rowOf(frame, level, 0),
      chin: rowOf(frame, level, level.bottom),
    };
    const fitted = fitToPhoto(frame, photo, { ...NO_CUTS, top: true }, rows);
    expect(overflow(fitted, 'top', photo)).toBeLessThanOrEqual(0.5);
    // Still level and the face still centred.
    expect(fitted.roll).toBe(frame.roll);
    expect(toOutput(fitted, level.origin).x).toBeCloseTo(512, 0);
  });

  it('tightens about the top of the head where the shoulders run past the photo, keeping the headroom', () => {
    // A close-up: the photo ends a little below the chin.
    const level = levelFace(drawnFace(400, 700, 260));
    const headTop = level.top - 60;
    const frame = composeFrame(level, headTop, 1080, 1350);
    expect(overflow(frame, 'bottom', photo)).toBeGreaterThan(0);
    const row = rowOf(frame, level, headTop);
    const fitted = fitToPhoto(
      frame,
      photo,
      { ...NO_CUTS, bottom: true },
      { headTop: row, eyes: rowOf(frame, level, 0), chin: rowOf(frame, level, level.bottom) },
    );
    expect(overflow(fitted, 'bottom', photo)).toBeLessThanOrEqual(0.5);
    expect(fitted.scale).toBeGreaterThan(frame.scale);
    expect(fitted.scale).toBeLessThanOrEqual(frame.scale * FIT_LIMITS.maxTighten + 1e-9);
    expect(rowOf(fitted, level, headTop)).toBeCloseTo(row, 3);
    expect(rowOf(fitted, level, level.bottom)).toBeLessThanOrEqual(FIT_LIMITS.chinAt * 1350 + 1e-6);
  });

  it('tightens no further than keeps the chin in the frame', () => {
    // The photo ends just under the chin: fitting its edge would need the chin below the frame's limit.
    const level = levelFace(drawnFace(400, 700, 200));
    const headTop = level.top - 40;
    const frame = composeFrame(level, headTop, 1024, 1024);
    const chinOnPhoto = unlevelPoint({ x: 0, y: level.bottom }, level.roll, level.origin).y;
    const shortPhoto = { width: 800, height: Math.ceil(chinOnPhoto + 5) };
    const rows = {
      headTop: rowOf(frame, level, headTop),
      eyes: rowOf(frame, level, 0),
      chin: rowOf(frame, level, level.bottom),
    };
    const fitted = fitToPhoto(frame, shortPhoto, { ...NO_CUTS, bottom: true }, rows);
    expect(fitted).toEqual(frame);
  });

  it('moves the face off centre by at most the limit toward a side the photo cut, then tightens', () => {
    const level = levelFace(drawnFace(130, 400, 160));
    const frame = composeFrame(level, level.top - 40, 1024, 1024);
    const fitted = fitToPhoto(
      frame,
      photo,
      { ...NO_CUTS, left: true },
      { headTop: 100, eyes: 350, chin: 600 },
    );
    expect(overflow(fitted, 'left', photo)).toBeLessThanOrEqual(0.5);
    const shift = Math.abs(toOutput(fitted, level.origin).x - 512);
    expect(shift).toBeGreaterThan(0);
    expect(shift).toBeLessThanOrEqual(FIT_LIMITS.maxShift * 1024 * FIT_LIMITS.maxTighten + 1e-6);
  });

  it('does not tighten at all where even the limit would leave the cut inside the frame', () => {
    const level = levelFace(drawnFace(400, 960, 200));
    const frame = composeFrame(level, level.top - 40, 1024, 1024);
    const fitted = fitToPhoto(
      frame,
      photo,
      { ...NO_CUTS, bottom: true },
      { headTop: 100, eyes: 400, chin: 700 },
    );
    expect(fitted.scale).toBe(frame.scale);
  });

  describe('close-ups', () => {
    // The photo holds little more than the head: the hair touches its top, the shoulders run past its
    // bottom and both sides.
    const closeUpOf = (photoSize: { width: number; height: number }, faceWidth: number) => {
      const level = levelFace(drawnFace(photoSize.width / 2, 0.45 * photoSize.height, faceWidth));
      const headTop = -level.origin.y;
      const frame = composeFrame(level, headTop, 1024, 1024);
      const rows = {
        headTop: rowOf(frame, level, headTop),
        eyes: rowOf(frame, level, 0),
        chin: rowOf(frame, level, level.bottom),
      };
      const all: PhotoCuts = { top: true, bottom: true, left: true, right: true };
      return { level, frame, rows, fitted: fitToPhoto(frame, photoSize, all, rows) };
    };
    const inside = (t: FrameTransform, photoSize: { width: number; height: number }) =>
      (['top', 'bottom', 'left', 'right'] as const).every((side) => overflow(t, side, photoSize) <= 0.5);

    it('frames a close-up tighter, inside the photo, rather than fading its edges into the backdrop', () => {
      const photoSize = { width: 400, height: 500 };
      const { level, frame, fitted } = closeUpOf(photoSize, 220);
      expect(inside(frame, photoSize)).toBe(false);
      expect(inside(fitted, photoSize)).toBe(true);
      expect(fitted.scale).toBeGreaterThan(frame.scale);
      expect(fitted.scale).toBeLessThanOrEqual(frame.scale * FIT_LIMITS.maxTighten + 1e-9);
      // A headshot still: the chin within the rule's room, the eyes not pushed to the top, the face centred.
      expect(rowOf(fitted, level, level.bottom)).toBeLessThanOrEqual(FIT_LIMITS.chinAt * 1024 + 1e-6);
      expect(rowOf(fitted, level, 0)).toBeGreaterThanOrEqual(0.22 * 1024 - 1e-6);
      expect(Math.abs(toOutput(fitted, level.origin).x - 512)).toBeLessThanOrEqual(
        FIT_LIMITS.maxShift * 1024 + 1e-6,
      );
    });

    it('lets the face fill the frame where the photo is cropped closer still', () => {
      const photoSize = { width: 320, height: 400 };
      const { level, frame, fitted } = closeUpOf(photoSize, 262);
      expect(inside(fitted, photoSize)).toBe(true);
      expect(fitted.scale).toBeGreaterThan(frame.scale);
      expect(rowOf(fitted, level, level.bottom)).toBeLessThanOrEqual(0.97 * 1024 + 1e-6);
      expect(rowOf(fitted, level, 0)).toBeGreaterThanOrEqual(0.15 * 1024 - 1e-6);
    });

    it('never moves the face to the top of the frame for a cut it cannot fit', () => {
      // The face fills a wide, short photo: no frame of at most twice the rule's scale fits inside it.
      const photoSize = { width: 800, height: 330 };
      const { level, frame, fitted } = closeUpOf(photoSize, 300);
      expect(inside(fitted, photoSize)).toBe(false);
      expect(fitted.scale).toBe(frame.scale);
      expect(rowOf(fitted, level, 0)).toBeGreaterThanOrEqual(0.22 * 1024 - 1e-6);
    });
  });
});
