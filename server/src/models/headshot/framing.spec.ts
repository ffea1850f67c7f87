import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { LANDMARKS } from '../face/landmarks';
import {
  eyeRoll,
  faceOnPhoto,
  frameFor,
  levelFace,
  mainFace,
  toOutput,
  toPhoto,
  FACE_WIDTH_SHARE,
} from './framing';

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

  it('levels the eyes, centres the face at the rule width and puts the head top a tenth down', () => {
    const face = drawnFace(400, 300, 120, -0.15);
    const level = levelFace(face);
    const headTop = level.top - 30;
    const frame = frameFor(level, headTop, 1080, 1350);
    const onFrame = (i: number) => toOutput(frame, { x: face.mesh[i * 3], y: face.mesh[i * 3 + 1] });
    const right = onFrame(LANDMARKS.rightEye[0]);
    const left = onFrame(LANDMARKS.leftEye[0]);
    expect(left.y - right.y).toBeCloseTo(0, 4);
    expect((left.x + right.x) / 2).toBeCloseTo(540, 3);
    expect((level.right - level.left) * frame.scale).toBeCloseTo(FACE_WIDTH_SHARE * 1080, 3);
    const top = onFrame(LANDMARKS.oval[0]);
    expect(top.y - 30 * frame.scale).toBeCloseTo(0.1 * 1350, 3);
  });

  it('maps the frame and the photo onto each other both ways', () => {
    const frame = frameFor(levelFace(drawnFace(300, 200, 90, 0.1)), 120, 1024, 1024);
    const p = toPhoto(frame, 100, 900);
    const back = toOutput(frame, p);
    expect(back.x).toBeCloseTo(100, 6);
    expect(back.y).toBeCloseTo(900, 6);
    const face = drawnFace(512, 400, 200);
    const moved = faceOnPhoto(face, frame);
    expect(toOutput(frame, { x: moved.mesh[0], y: moved.mesh[1] }).x).toBeCloseTo(face.mesh[0], 4);
  });
});
