import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { FaceDetectorModel } from '../face/face-detector.model';
import { faceRegions } from '../face/regions';
import type { Face } from '../face/types';
import { blur } from './filters';
import { toYcc } from './planes';
import { lineness, retouchFace } from './retouch';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-grace-hopper-navy-portrait.jpg', import.meta.url),
);

describe('per-face retouch on a real portrait', () => {
  let image: RawImage;
  let face: Face;
  const detector = new FaceDetectorModel();
  beforeAll(async () => {
    image = await decodeRaw(await readFile(PORTRAIT), 3);
    [face] = await detector.predict(image);
  });
  afterAll(() => detector.dispose());

  const natural = { strength: 'natural', skinSmoothing: true, colourful: true } as const;

  it('changes the face and leaves everything outside its feathered masks as it was (no seam)', () => {
    const sut = retouchFace(image, face, natural);
    expect([sut.width, sut.height, sut.channels]).toEqual([image.width, image.height, 3]);
    const { face: mask } = faceRegions(face, image.width, image.height);
    const roi = faceRegions(face, image.width, image.height).roi;
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const inRoi = x >= roi.x && y >= roi.y && x < roi.x + roi.width && y < roi.y + roi.height;
        const m = inRoi ? mask[(y - roi.y) * roi.width + (x - roi.x)] : 0;
        const i = (y * image.width + x) * 3;
        const diff = Math.abs(sut.data[i] - image.data[i]) + Math.abs(sut.data[i + 1] - image.data[i + 1]);
        if (m === 0 && !inRoi) outside += diff;
        if (m > 0.9) inside += diff;
      }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(0);
  });

  it('keeps most of the skin texture, and evens out blotches more at the strong setting', () => {
    const { skin, roi } = faceRegions(face, image.width, image.height);
    const energy = (img: RawImage) => {
      const y = toYcc(img).y;
      let fine = 0;
      for (let r = roi.y + 1; r < roi.y + roi.height - 1; r++)
        for (let c = roi.x + 1; c < roi.x + roi.width - 1; c++) {
          const m = skin[(r - roi.y) * roi.width + (c - roi.x)];
          if (m < 0.95) continue;
          const i = r * image.width + c;
          fine += (4 * y[i] - y[i - 1] - y[i + 1] - y[i - image.width] - y[i + image.width]) ** 2;
        }
      return fine;
    };
    /** Energy of the middle band (blotches, uneven tone): blurred at 2 px less blurred at 8 px. */
    const blotches = (img: RawImage) => {
      const y = toYcc(img).y;
      const a = blur(y, img.width, img.height, 2);
      const b = blur(y, img.width, img.height, 8);
      let sum = 0;
      for (let i = 0; i < y.length; i++) {
        const r = Math.floor(i / img.width) - roi.y;
        const c = (i % img.width) - roi.x;
        if (r < 0 || c < 0 || r >= roi.height || c >= roi.width || skin[r * roi.width + c] < 0.95) continue;
        sum += (a[i] - b[i]) ** 2;
      }
      return sum;
    };
    const natural = retouchFace(image, face, naturalOptions());
    const strong = retouchFace(image, face, { ...naturalOptions(), strength: 'strong' });
    expect(energy(natural) / energy(image)).toBeGreaterThan(0.6);
    expect(blotches(natural)).toBeLessThan(blotches(image));
    expect(blotches(strong)).toBeLessThan(blotches(natural));
  });

  it('keeps a wrinkle where it evens out a spot of the same depth, at every strength', () => {
    // On the portrait's face, painted an even skin colour: a dark line (5 px wide, a wrinkle or crease) on one
    // cheek and a dark round spot (5 px across, a blemish) on the other, both 8 levels deep.
    const flat: RawImage = { ...image, data: image.data.map((_, i) => [200, 150, 130][i % 3]) };
    const cx = Math.round(face.box.x + face.box.width / 2);
    const cy = Math.round(face.box.y + face.box.height * 0.62);
    const side = Math.round(face.box.width * 0.24);
    const [line, spot] = [cx - side, cx + side];
    const marked: RawImage = { ...flat, data: flat.data.slice() };
    for (let y = cy - 16; y <= cy + 16; y++)
      for (let x = line - 6; x <= spot + 6; x++) {
        const onLine = Math.abs(x - line) <= 2;
        const onSpot = Math.hypot(x - spot, y - cy) <= 2.5;
        if (onLine || onSpot) for (let c = 0; c < 3; c++) marked.data[(y * image.width + x) * 3 + c] -= 8;
      }
    for (const strength of ['subtle', 'natural', 'strong'] as const) {
      const options = { ...naturalOptions(), strength };
      const [a, b] = [toYcc(retouchFace(marked, face, options)).y, toYcc(retouchFace(flat, face, options)).y];
      const depth = (x: number) => b[cy * image.width + x] - a[cy * image.width + x];
      expect(depth(line)).toBeGreaterThanOrEqual(7);
      if (strength !== 'subtle') expect(depth(spot)).toBeLessThanOrEqual(6);
    }
  });

  it('tells a line from a spot by the way its gradients point', () => {
    const [w, h] = [40, 40];
    const plane = (depth: (x: number, y: number) => number) =>
      Float32Array.from({ length: w * h }, (_, i) => 128 - depth(i % w, Math.floor(i / w)));
    const line = lineness(
      plane((x) => 12 * Math.exp(-((x - 20) ** 2) / 2)),
      w,
      h,
      3,
    );
    const spot = lineness(
      plane((x, y) => 12 * Math.exp(-((x - 20) ** 2 + (y - 20) ** 2) / 4)),
      w,
      h,
      3,
    );
    const flat = lineness(
      plane(() => 0),
      w,
      h,
      3,
    );
    expect(line[20 * w + 19]).toBeGreaterThan(0.9);
    expect(spot[20 * w + 20]).toBeLessThan(0.3);
    expect(flat[20 * w + 20]).toBe(0);
  });

  it('leaves the face, lips and brows unsharpened after the detail step, and the eyes half as sharpened', () => {
    const options = { strength: 'natural', skinSmoothing: false, colourful: false } as const;
    const { eyes, roi } = faceRegions(face, image.width, image.height);
    const y = toYcc(image).y;
    const [before, after] = [
      retouchFace(image, face, options),
      retouchFace(image, face, { ...options, detailRestored: true }),
    ];
    const moved = (img: RawImage, onEyes: boolean) => {
      const out = toYcc(img).y;
      let sum = 0;
      for (let r = 0; r < roi.height; r++)
        for (let c = 0; c < roi.width; c++) {
          const i = (roi.y + r) * image.width + roi.x + c;
          if (eyes[r * roi.width + c] > 0.5 === onEyes) sum += Math.abs(out[i] - y[i]);
        }
      return sum;
    };
    expect(moved(before, false)).toBeGreaterThan(1000);
    // Beyond the eyes only the colour space's rounding is left.
    expect(moved(after, false)).toBeLessThan(0.05 * moved(before, false));
    expect(moved(after, true)).toBeGreaterThan(0.3 * moved(before, true));
    expect(moved(after, true)).toBeLessThan(0.7 * moved(before, true));
  });

  it('keeps a black-and-white photo without colour', () => {
    const grey: RawImage = { ...image, data: image.data.map((_, i) => image.data[i - (i % 3)]) };
    const sut = retouchFace(grey, face, { ...naturalOptions(), colourful: false });
    let worst = 0;
    for (let i = 0; i < sut.data.length; i += 3)
      worst = Math.max(
        worst,
        Math.abs(sut.data[i] - sut.data[i + 1]),
        Math.abs(sut.data[i] - sut.data[i + 2]),
      );
    expect(worst).toBeLessThanOrEqual(1);
  });

  function naturalOptions() {
    return { strength: 'natural', skinSmoothing: true, colourful: true } as const;
  }
});
