/**
 * Lists the faces in the training photos, for train.py's --faces: the network then sees faces in a
 * share of its patches, since the photos people enhance are portraits and the training photos are mostly
 * landscapes and scenes. The watermark segmenter's make-pairs.py (scripts/watermark-detect) takes the same list
 * to crop a share of its pairs around faces and lay marks on them. Boxes are written as fractions of the photo's
 * width and height.
 * Usage: node --import tsx scripts/face-restore/find-faces.ts OUT.json DIR [DIR ...]
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FaceDetectorModel } from '../../server/src/models/face/face-detector.model';

const [out, ...dirs] = process.argv.slice(2);
const PHOTO = /\.(jpe?g|png|webp)$/i;
/** Faces smaller than this (pixels, in the photo as stored) hold too little to learn a face from. */
const MIN_FACE = 48;

function listPhotos(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return listPhotos(file);
    return entry.isFile() && PHOTO.test(entry.name) ? [file] : [];
  });
}

const detector = new FaceDetectorModel();
const found: Record<string, [number, number, number, number][]> = {};
let faces = 0;
for (const file of dirs.flatMap(listPhotos).sort()) {
  try {
    // Not lib/image/raw-image's decodeRaw: it applies EXIF rotation, and train.py (Pillow) reads the pixels as stored.
    const { data, info } = await sharp(file)
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const boxes = (
      await detector.predict({
        data: new Uint8Array(data),
        width: info.width,
        height: info.height,
        channels: 3,
      })
    )
      .filter((f) => f.box.width >= MIN_FACE)
      .map(
        (f) =>
          [
            f.box.x / info.width,
            f.box.y / info.height,
            f.box.width / info.width,
            f.box.height / info.height,
          ] as [number, number, number, number],
      );
    if (boxes.length) found[path.resolve(file)] = boxes;
    faces += boxes.length;
  } catch {
    // Not a photo sharp can read: train.py skips it too.
  }
}
writeFileSync(out, JSON.stringify(found, null, 1));
console.log(`${faces} faces in ${Object.keys(found).length} photos`);
await detector.dispose();
