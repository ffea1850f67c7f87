import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { composeFrame } from './composition';
import { eyeRoll, faceOnPhoto, faceOutside, levelFace, mainFace, toOutput, toPhoto } from './framing';

describe('headshot framing', () => {
  it('reads the eye line roll', () => {
    expect(eyeRoll(drawnFace(100, 100, 80, 0.2))).toBeCloseTo(0.2, 5);
  });

  it('takes the largest face, weighted toward the centre', () => {
    const centre = drawnFace(500, 300, 100);
    const corner = drawnFace(60, 60, 110);
    expect(mainFace([corner, centre], 1000, 600)).toBe(centre);
    expect(mainFace([], 1000, 600)).toBeUndefined();
  });

  it('maps the frame and the photo onto each other both ways', () => {
    const frame = composeFrame(levelFace(drawnFace(300, 200, 90, 0.1)), 120, 1024, 1024);
    const p = toPhoto(frame, 100, 900);
    const back = toOutput(frame, p);
    expect(back.x).toBeCloseTo(100, 6);
    expect(back.y).toBeCloseTo(900, 6);
    const face = drawnFace(512, 400, 200);
    const moved = faceOnPhoto(face, frame);
    expect(toOutput(frame, { x: moved.mesh[0], y: moved.mesh[1] }).x).toBeCloseTo(face.mesh[0], 4);
  });

  it('measures how far the face runs past the photo, as a share of its height', () => {
    const photo = { width: 800, height: 600 };
    expect(faceOutside(drawnFace(400, 300, 200), photo)).toBe(0);
    // The oval's top is 0.65 of the width above the centre: 130 px, so 30 px past the top of 260.
    expect(faceOutside(drawnFace(400, 100, 200), photo)).toBeCloseTo(30 / 260, 2);
    expect(faceOutside(drawnFace(760, 300, 200), photo)).toBeCloseTo(60 / 260, 2);
  });
});
