import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import type { RawImage } from '../../lib/image/raw-image';
import { faceSharpness, peopleInRoom } from './subject';

const W = 600;
const H = 400;

/** A grey photo with a checker (8 px squares, a sharp face's edges) or a soft ramp (a blurred one) in boxes. */
function photoWith(boxes: { x: number; y: number; size: number; sharp: boolean }[]): RawImage {
  const data = new Uint8Array(W * H * 3).fill(128);
  for (const b of boxes) {
    for (let y = b.y; y < b.y + b.size; y++) {
      for (let x = b.x; x < b.x + b.size; x++) {
        const v = b.sharp
          ? (Math.floor(x / 8) + Math.floor(y / 8)) % 2
            ? 40
            : 220
          : 100 + Math.round((60 * (x - b.x)) / b.size);
        data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
      }
    }
  }
  return { data, width: W, height: H, channels: 3 };
}

/** A drawn face whose box is exactly (x, y, size, size). */
function faceAt(x: number, y: number, size: number) {
  return { ...drawnFace(x + size / 2, y + size / 2, size), box: { x, y, width: size, height: size } };
}

describe('choosing the people in the room', () => {
  it('reads a fine-grained face as sharper than a smooth one at any size', () => {
    const photo = photoWith([
      { x: 10, y: 10, size: 160, sharp: true },
      { x: 300, y: 10, size: 60, sharp: false },
    ]);
    expect(faceSharpness(photo, { x: 10, y: 10, width: 160, height: 160 }, 48)).toBeGreaterThan(
      5 * faceSharpness(photo, { x: 300, y: 10, width: 60, height: 60 }, 48),
    );
  });

  it('leaves out a small blurred face on the wall behind the subject: a poster, not a person', () => {
    const person = faceAt(80, 120, 200);
    const poster = faceAt(400, 40, 90);
    const photo = photoWith([
      { x: 80, y: 120, size: 200, sharp: true },
      { x: 400, y: 40, size: 90, sharp: false },
    ]);
    expect(peopleInRoom(photo, [poster, person])).toEqual([person]);
  });

  it('keeps a second person as sharp as the subject, however small', () => {
    const person = faceAt(80, 120, 200);
    const friend = faceAt(400, 40, 90);
    const photo = photoWith([
      { x: 80, y: 120, size: 200, sharp: true },
      { x: 400, y: 40, size: 90, sharp: true },
    ]);
    expect(peopleInRoom(photo, [person, friend])).toEqual([person, friend]);
  });

  it('keeps a blurred face of about the same size: someone in the room, out of focus', () => {
    const person = faceAt(80, 120, 160);
    const other = faceAt(380, 120, 150);
    const photo = photoWith([
      { x: 80, y: 120, size: 160, sharp: true },
      { x: 380, y: 120, size: 150, sharp: false },
    ]);
    expect(peopleInRoom(photo, [person, other])).toHaveLength(2);
  });

  it('leaves out a small sharp face that the foreground people matte does not hold: a print behind the sitter', () => {
    const person = faceAt(80, 120, 200);
    const print = faceAt(400, 40, 90);
    const photo = photoWith([
      { x: 80, y: 120, size: 200, sharp: true },
      { x: 400, y: 40, size: 90, sharp: true },
    ]);
    // The people matte at a quarter of the photo's size: the sitter only.
    const people = { data: new Uint8Array(150 * 100), width: 150, height: 100 };
    for (let y = 30; y < 100; y++) for (let x = 20; x < 70; x++) people.data[y * 150 + x] = 255;
    expect(peopleInRoom(photo, [person, print], people)).toEqual([person]);
    // Where the matte holds the second face too, it is a person in the room.
    for (let y = 10; y < 35; y++) for (let x = 100; x < 123; x++) people.data[y * 150 + x] = 255;
    expect(peopleInRoom(photo, [person, print], people)).toEqual([person, print]);
  });

  it('keeps a lone face whatever its sharpness', () => {
    const only = faceAt(300, 100, 100);
    expect(peopleInRoom(photoWith([{ x: 300, y: 100, size: 100, sharp: false }]), [only])).toEqual([only]);
  });
});
