import { describe, expect, it } from 'vitest';
import { encoderTensor, inputGeometry, promptTensors, SAM_SIDE, toInput } from './preprocess';

describe('inputGeometry', () => {
  it('makes the longest side 1024 and rounds the other as SAM does', () => {
    expect(inputGeometry(600, 400)).toEqual({ width: 600, height: 400, inputWidth: 1024, inputHeight: 683 });
    expect(inputGeometry(512, 600)).toEqual({ width: 512, height: 600, inputWidth: 874, inputHeight: 1024 });
    expect(inputGeometry(2560, 1600)).toMatchObject({ inputWidth: 1024, inputHeight: 640 });
    // Small photos are enlarged to the encoder's size too.
    expect(inputGeometry(10, 5)).toMatchObject({ inputWidth: 1024, inputHeight: 512 });
    expect(inputGeometry(1024, 1024)).toMatchObject({ inputWidth: 1024, inputHeight: 1024 });
  });
});

describe('encoderTensor', () => {
  it('is planar, normalised with the mean and std, and zero beyond the photo (right and below)', () => {
    const [w, h] = [3, 2];
    const rgb = new Uint8Array(w * h * 3);
    rgb.set([255, 0, 128], (1 * w + 2) * 3); // pixel (2, 1)
    const sut = encoderTensor(rgb, w, h);
    const plane = SAM_SIDE * SAM_SIDE;
    expect(sut.length).toBe(3 * plane);
    const at = SAM_SIDE + 2;
    expect(sut[at]).toBeCloseTo((255 - 123.675) / 58.395, 5);
    expect(sut[plane + at]).toBeCloseTo((0 - 116.28) / 57.12, 5);
    expect(sut[2 * plane + at]).toBeCloseTo((128 - 103.53) / 57.375, 5);
    // A black pixel inside the photo is not the padding's zero...
    expect(sut[0]).toBeCloseTo(-123.675 / 58.395, 5);
    // ...while the padding is exactly zero (the mean colour).
    expect(sut[3]).toBe(0);
    expect(sut[2 * SAM_SIDE]).toBe(0);
    expect(sut[2 * plane + SAM_SIDE * SAM_SIDE - 1]).toBe(0);
  });

  it('refuses pixels of another size', () => {
    expect(() => encoderTensor(new Uint8Array(10), 3, 2)).toThrow(/expected 18/);
  });
});

describe('taps and boxes in the encoder input', () => {
  const geometry = inputGeometry(600, 400); // 1024 x 683

  it('scales each axis by its own ratio', () => {
    const [x, y] = toInput(300, 200, geometry);
    expect(x).toBeCloseTo(512, 5);
    expect(y).toBeCloseTo(341.5, 5);
    expect(toInput(600, 400, geometry)).toEqual([1024, 683]);
  });

  it('adds the padding point (0, 0, -1) after the taps when there is no box', () => {
    const sut = promptTensors(
      {
        points: [
          { x: 300, y: 200, label: 1 },
          { x: 60, y: 40, label: 0 },
        ],
      },
      geometry,
    );
    expect(sut.count).toBe(3);
    expect(Array.from(sut.labels)).toEqual([1, 0, -1]);
    expect(Array.from(sut.coords).map((v) => Math.round(v * 100) / 100)).toEqual([
      512, 341.5, 102.4, 68.3, 0, 0,
    ]);
  });

  it('gives a box as its two corners, labels 2 and 3, and no padding point', () => {
    const sut = promptTensors(
      { points: [{ x: 300, y: 200, label: 1 }], box: { x: 150, y: 100, width: 300, height: 200 } },
      geometry,
    );
    expect(sut.count).toBe(3);
    expect(Array.from(sut.labels)).toEqual([1, 2, 3]);
    expect(Array.from(sut.coords).map((v) => Math.round(v * 100) / 100)).toEqual([
      512, 341.5, 256, 170.75, 768, 512.25,
    ]);
  });
});
