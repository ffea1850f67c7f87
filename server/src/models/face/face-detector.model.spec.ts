import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { FaceDetectorModel } from './face-detector.model';
import { LANDMARKS } from './landmarks';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const photo = async (file: string) => decodeRaw(await readFile(path.join(FIXTURES, file)), 3);

const centre = (mesh: Float32Array, indices: readonly number[]) => {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += mesh[i * 3];
    y += mesh[i * 3 + 1];
  }
  return { x: x / indices.length, y: y / indices.length };
};

describe('FaceDetectorModel on real photos', () => {
  const sut = new FaceDetectorModel();
  afterAll(() => sut.dispose());

  it('finds the one face of a studio portrait, with the eyes above the mouth and apart', async () => {
    const image = await photo('face/face-grace-hopper-navy-portrait.jpg');
    const faces = await sut.predict(image);
    expect(faces).toHaveLength(1);
    const [face] = faces;
    // The face spans about x 165-355, y 130-335 of the 512x600 portrait.
    expect(Math.abs(face.box.x + face.box.width / 2 - 262)).toBeLessThan(30);
    expect(Math.abs(face.box.y + face.box.height / 2 - 232)).toBeLessThan(40);
    const right = centre(face.mesh, LANDMARKS.rightEye);
    const left = centre(face.mesh, LANDMARKS.leftEye);
    const mouth = centre(face.mesh, LANDMARKS.lipsOuter);
    expect(left.x - right.x).toBeGreaterThan(0.25 * face.box.width);
    expect(mouth.y).toBeGreaterThan(Math.max(left.y, right.y) + 0.2 * face.box.height);
  });

  it('finds a large face once, not also its parts that the detection tiles see', async () => {
    // The portrait enlarged to 1600 px: each tile then holds an eye or a cheek of the one face.
    const portrait = await readFile(path.join(FIXTURES, 'face/face-grace-hopper-navy-portrait.jpg'));
    const large = await decodeRaw(await sharp(portrait).resize({ height: 1600 }).toBuffer(), 3);
    const faces = await sut.predict(large);
    expect(faces).toHaveLength(1);
    expect(faces[0].box.width).toBeGreaterThan(0.3 * large.width);
  });

  it('finds several faces in a group photo', async () => {
    const faces = await sut.predict(await photo('detect/face-mariachi-band-smiling.jpg'));
    expect(faces.length).toBeGreaterThanOrEqual(4);
    for (const face of faces) expect(face.meshScore).toBeGreaterThanOrEqual(0.5);
  });

  it('finds no face in a photo of a cup of coffee', async () => {
    const image = await decodeRaw(await readFile(path.join(ROOT, 'assets/photos/coffee.png')), 3);
    expect(await sut.predict(image)).toEqual([]);
  });
});
