import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import type { RawImage } from '../../lib/image/raw-image';
import { faceAtPoint, faceSharpness, headshotCandidates, peopleInRoom, type PeopleMatte } from './subject';

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

/** A people matte at the photo's size with solid rectangles (x, y, width, height) where people are. */
function matteWith(rects: [number, number, number, number][]): PeopleMatte {
  const data = new Uint8Array(W * H);
  for (const [x0, y0, w, h] of rects)
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * W + x] = 255;
  return { data, width: W, height: H };
}

describe('who the headshot could be of', () => {
  it('offers every person in the room with a face big enough and at least half as wide as the main one', () => {
    const main = faceAt(300, 100, 160);
    const friend = faceAt(60, 100, 100);
    const bystander = faceAt(500, 60, 70);
    expect(headshotCandidates([friend, main, bystander], main, 80)).toEqual([main, friend]);
  });

  it('offers no choice for a portrait with someone small behind, nor faces too small for a headshot', () => {
    const main = faceAt(300, 100, 240);
    const behind = faceAt(40, 40, 100);
    expect(headshotCandidates([main, behind], main, 80)).toEqual([main]);
    const a = faceAt(100, 100, 60);
    const b = faceAt(300, 100, 60);
    expect(headshotCandidates([a, b], a, 80)).toEqual([]);
    expect(headshotCandidates([], undefined, 80)).toEqual([]);
  });
});

describe('choosing the subject from a point', () => {
  const photo = { width: W, height: H };
  // Two people side by side, their bodies touching at the shoulders (one blob in the people matte).
  const left = faceAt(100, 60, 100);
  const right = faceAt(330, 60, 100);
  const people = matteWith([
    [80, 40, 140, 140], // the left person's head
    [310, 40, 140, 140], // the right person's head
    [40, 170, 480, 230], // both bodies, one blob
  ]);
  const faces = [left, right];

  it('chooses the face the point is on', () => {
    expect(faceAtPoint({ x: 150, y: 110 }, faces, faces, photo, people)).toBe(left);
    expect(faceAtPoint({ x: 340, y: 70 }, faces, faces, photo, people)).toBe(right);
  });

  it('chooses the person whose body the point is on, the nearest through the matte where bodies touch', () => {
    expect(faceAtPoint({ x: 120, y: 350 }, faces, faces, photo, people)).toBe(left);
    expect(faceAtPoint({ x: 420, y: 300 }, faces, faces, photo, people)).toBe(right);
    // Hair above the face's box, still the matte of that head.
    expect(faceAtPoint({ x: 400, y: 45 }, faces, faces, photo, people)).toBe(right);
  });

  it('follows the matte, not the straight line: an arm raised toward the other face stays its own person', () => {
    const arm = matteWith([
      [80, 40, 140, 140],
      [310, 40, 140, 140],
      [60, 170, 140, 230], // the left body
      [330, 170, 140, 230], // the right body, apart
      [200, 10, 100, 25], // the left person's arm raised over, ending just short of the right head
      [200, 10, 25, 160],
    ]);
    // Nearest to the right face, and within its reach off the matte, but connected only to the left person.
    expect(faceAtPoint({ x: 295, y: 30 }, faces, faces, photo, arm)).toBe(left);
    expect(faceAtPoint({ x: 295, y: 30 }, faces, faces, photo, matteWith([]))).toBe(right);
  });

  it('chooses a face within half its width of a point just off the matte (hair the matte missed)', () => {
    expect(faceAtPoint({ x: 235, y: 90 }, faces, faces, photo, matteWith([]))).toBe(left);
  });

  it('finds no one for a point on the background, or on matte no face reaches', () => {
    expect(faceAtPoint({ x: 570, y: 20 }, faces, faces, photo, people)).toBeUndefined();
    const hand = matteWith([
      [80, 40, 140, 140],
      [480, 300, 100, 90], // a hand reaching in from outside the photo
    ]);
    expect(faceAtPoint({ x: 530, y: 350 }, faces, faces, photo, hand)).toBeUndefined();
  });

  it('honours a point on a face taken for a picture on the wall: the person knows who they meant', () => {
    const poster = faceAt(480, 20, 60);
    expect(faceAtPoint({ x: 500, y: 50 }, faces, [...faces, poster], photo, people)).toBe(poster);
  });

  it('reads the point on a people matte smaller than the photo', () => {
    const small = { data: new Uint8Array(150 * 100), width: 150, height: 100 };
    // The right person's body only, at a quarter of the photo's size.
    for (let y = 45; y < 100; y++) for (let x = 80; x < 120; x++) small.data[y * 150 + x] = 255;
    for (let y = 15; y < 45; y++) for (let x = 85; x < 110; x++) small.data[y * 150 + x] = 255;
    expect(faceAtPoint({ x: 400, y: 320 }, faces, faces, photo, small)).toBe(right);
    expect(faceAtPoint({ x: 120, y: 320 }, faces, faces, photo, small)).toBeUndefined();
  });
});
