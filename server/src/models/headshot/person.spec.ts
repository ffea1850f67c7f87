import { describe, expect, it } from 'vitest';
import { drawnFace } from '../../../test/support/drawn-face';
import { levelFace } from './framing';
import { firmBody, photoCuts, withBody } from './person';

describe('withBody', () => {
  // A face 60 px wide centred at (100, 60), upright: its chin is at y = 99.
  const level = levelFace(drawnFace(100, 60, 60));
  const side = 200;
  const at = (data: Uint8Array, y: number) => data[y * side + 100];

  const px = (data: Uint8Array, x: number, y: number) => data[y * side + x];

  it("takes the segmentation's body below the eyes outside the head, and inside the face, where it holds more", () => {
    const data = new Uint8Array(side * side);
    data[199 * side + 100] = 255;
    const body = new Uint8Array(side * side).fill(200);
    withBody({ pixels: { data, width: side, height: side }, x: 0, y: 0, scale: 1 }, body, level);
    expect(px(data, 100, 10)).toBe(0); // the hair above the head stays the matte's
    expect(px(data, 20, 30)).toBe(0); // beside the head above the eyes too
    expect(px(data, 100, 75)).toBe(200); // inside the face (an open mouth) the body fills holes
    expect(px(data, 20, 95)).toBe(200); // a shoulder beside the chin
    expect(at(data, 190)).toBe(200);
    expect(at(data, 199)).toBe(255); // never less than the matte had
  });
});

describe('firmBody', () => {
  const level = levelFace(drawnFace(100, 60, 60));
  const side = 200;

  it('makes a hesitant body solid below the chin and a faint ghost beside it clear, and leaves hair and face alone', () => {
    const data = new Uint8Array(side * side).fill(100);
    data[150 * side + 20] = 25;
    firmBody({ pixels: { data, width: side, height: side }, x: 0, y: 0, scale: 1 }, level);
    expect(data[150 * side + 100]).toBeGreaterThan(220); // a dark suit the matte half doubts is solid
    expect(data[150 * side + 20]).toBe(0); // a faint ghost beside the shoulder goes
    expect(data[10 * side + 100]).toBe(100); // the hair above the head stays as matted
    expect(data[60 * side + 100]).toBe(100); // and the face
    expect(data[105 * side + 100]).toBe(100); // and the chin's surroundings inside the head's ellipse
  });
});

describe('photoCuts', () => {
  // A face 60 px wide centred at (100, 60) in a 200 x 200 photo; the region is the whole photo.
  const level = levelFace(drawnFace(100, 60, 60));
  const side = 200;
  const photo = { width: side, height: side };
  const region = (paint: (x: number, y: number) => boolean) => {
    const data = new Uint8Array(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) data[y * side + x] = paint(x, y) ? 255 : 0;
    return { pixels: { data, width: side, height: side }, x: 0, y: 0, scale: 1 };
  };

  it('reads the hair reaching the top edge and the body the bottom edge as cuts, and free sides as none', () => {
    // Hair from the top edge down over the face, the body below the chin to the bottom edge, clear of the sides.
    const cuts = photoCuts(
      region((x, y) => (y < 100 && Math.abs(x - 100) < 45) || (y >= 100 && Math.abs(x - 100) < 70)),
      photo,
      level,
    );
    expect(cuts).toEqual({ top: true, bottom: true, left: false, right: false });
  });

  it('reads shoulders running out of a side as a cut, and a photo region that is not at an edge as none', () => {
    const shoulders = region((x, y) => (y > 20 && Math.abs(x - 100) < 35) || y >= 110);
    expect(photoCuts(shoulders, photo, level)).toEqual({ top: false, bottom: true, left: true, right: true });
    // The same matte as part of a larger photo: none of its sides is the photo's edge.
    const inner = { ...shoulders, x: 10, y: 10 };
    expect(photoCuts(inner, { width: 300, height: 300 }, level)).toEqual({
      top: false,
      bottom: false,
      left: false,
      right: false,
    });
  });
});
